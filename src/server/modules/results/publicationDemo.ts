import type { AppContext } from '../../platform/AppContext.js';
import { demoActor } from '../../platform/seed/demoActor.js';
import { syncEntityTables } from '../../platform/records/entityTables.js';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import { ResourceService } from '../../platform/resources/ResourceService.js';
import { fire } from '../../platform/workflow/engine.js';
import { publicationRows, registerPublicationHooks } from './publicationHooks.js';
import { provinceYear } from './provinceYear.js';

/**
 * The province publishes a 立项名单 (the latest year with approved demo topics) and a 结题公示 (the latest
 * year with concluded ones), so the public lists show real rows. Only while the table is empty.
 */
export async function seedPublicationsDemo(ctx: AppContext): Promise<boolean> {
  const entity = ctx.schemas.entities.get('resultPublication');
  if (!entity) return false;
  await syncEntityTables(ctx.database, [entity]);
  const store = KyselyRecordStore.of(ctx.database);
  if ((await store.list(entity, { where: { t: 'const', value: true }, sort: [], offset: 0, limit: 1 })).total > 0)
    return false;
  registerPublicationHooks(ctx);
  const province = await demoActor(ctx, 'province');
  const service = new ResourceService(ctx);
  const thisYear = provinceYear(Date.now());
  const latest = async (kind: string) => {
    for (let y = thisYear; y >= thisYear - 12; y--) if ((await publicationRows(ctx, store, kind, y)).length) return y;
    return null;
  };
  const approvedYear = (await latest('approved')) ?? thisYear;
  const concludedYear = await latest('concluded');
  const items = [
    {
      title: `${approvedYear}年度省教育科学规划课题立项名单`,
      year: approvedYear,
      kind: 'approved',
      remark: '经专家评审、省级审核，以下课题准予立项，现予公布。',
      publish: true,
    },
    {
      title: `${concludedYear ?? thisYear}年度省教育科学规划课题结题名单公示`,
      year: concludedYear ?? thisYear,
      kind: 'concluded',
      remark: '以下课题已通过结题鉴定，准予结题，现予公示。',
      publish: concludedYear !== null,
    },
  ];
  for (const item of items) {
    const saved = await service.save(
      'resultPublication',
      { title: item.title, year: item.year, kind: item.kind, remark: item.remark },
      province,
    );
    if (item.publish)
      await fire(
        ctx,
        { entity: 'resultPublication', id: Number(saved.id), action: 'publish', version: Number(saved.version) },
        province,
      );
  }
  return true;
}

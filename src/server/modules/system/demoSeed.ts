import type { AppContext } from '../../platform/AppContext.js';
import { syncEntityTables } from '../../platform/records/entityTables.js';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';

/** Demo units of both demo areas (1123 and 1101), across the unit kinds of dictionary ssxx. */
export const DEMO_SCHOOLS: { name: string; declareDept: string; orgCode: string; area: string; kind: string }[] = [
  { name: '第一实验中学', declareDept: '定州市教育局', orgCode: '12130682MB0011230A', area: '1123', kind: '5' },
  { name: '定州市第二中学', declareDept: '定州市教育局', orgCode: '12130682MB0011231B', area: '1123', kind: '4' },
  { name: '定州市实验小学', declareDept: '定州市教育局', orgCode: '12130682MB0011232C', area: '1123', kind: '2' },
  { name: '定州市南城区小学', declareDept: '定州市教育局', orgCode: '12130682MB0011233D', area: '1123', kind: '2' },
  { name: '定州市第三中学', declareDept: '定州市教育局', orgCode: '12130682MB0011234E', area: '1123', kind: '3' },
  { name: '定州市实验幼儿园', declareDept: '定州市教育局', orgCode: '12130682MB0011235F', area: '1123', kind: '1' },
  {
    name: '定州市职业技术教育中心',
    declareDept: '定州市教育局',
    orgCode: '12130682MB0011236G',
    area: '1123',
    kind: '7',
  },
  { name: '定州市教育科学研究室', declareDept: '定州市教育局', orgCode: '12130682MB0011237H', area: '1123', kind: '9' },
  { name: '定州市特殊教育学校', declareDept: '定州市教育局', orgCode: '12130682MB0011238J', area: '1123', kind: '10' },
  {
    name: '定州市东亭九年一贯制学校',
    declareDept: '定州市教育局',
    orgCode: '12130682MB0011239K',
    area: '1123',
    kind: '6',
  },
  { name: '第二实验小学', declareDept: '石家庄市教育局', orgCode: '12130100MB0011010A', area: '1101', kind: '2' },
  { name: '第三实验中学', declareDept: '石家庄市教育局', orgCode: '12130100MB0011011B', area: '1101', kind: '5' },
  { name: '石家庄市第一中学', declareDept: '石家庄市教育局', orgCode: '12130100MB0011012C', area: '1101', kind: '4' },
  { name: '石家庄市第四十中学', declareDept: '石家庄市教育局', orgCode: '12130100MB0011013D', area: '1101', kind: '3' },
  {
    name: '石家庄市长安区育才小学',
    declareDept: '石家庄市长安区教育局',
    orgCode: '12130102MB0011014E',
    area: '1101',
    kind: '2',
  },
  {
    name: '石家庄市机关第一幼儿园',
    declareDept: '石家庄市教育局',
    orgCode: '12130100MB0011015F',
    area: '1101',
    kind: '1',
  },
  {
    name: '石家庄市教育科学研究所',
    declareDept: '石家庄市教育局',
    orgCode: '12130100MB0011016G',
    area: '1101',
    kind: '9',
  },
  { name: '石家庄工程技术学校', declareDept: '石家庄市教育局', orgCode: '12130100MB0011017H', area: '1101', kind: '7' },
  { name: '师范大学', declareDept: '省教育厅', orgCode: '12130000MB0011018J', area: '1101', kind: '8' },
  { name: '教育科学研究所', declareDept: '省教育厅', orgCode: '12130000MB0011019K', area: '1101', kind: '9' },
];

/**
 * Demo units (outside production, only while the school table is empty), stored through the
 * engine's record store with a creation log entry, like records saved from the pages.
 */
export async function seedSystemDemo(ctx: AppContext, now = Date.now()): Promise<number> {
  const entity = ctx.schemas.entities.get('school');
  if (!entity) return 0;
  await syncEntityTables(ctx.database, [entity]);
  const store = KyselyRecordStore.of(ctx.database);
  const { total } = await store.list(entity, { where: { t: 'and', items: [] }, sort: [], offset: 0, limit: 1 });
  if (total > 0) return 0;
  return store.transaction(async (tx) => {
    for (const s of DEMO_SCHOOLS) {
      const id = await tx.insert(entity, {
        status: null,
        ownerId: null,
        areaCode: s.area,
        createdAt: now,
        updatedAt: now,
        createdBy: null,
        updatedBy: null,
        ...s,
        enabled: true,
      });
      await tx.log({
        entity: 'school',
        recordId: id,
        action: 'create',
        actionLabel: '新增',
        fromStatus: null,
        toStatus: null,
        comment: null,
        userId: null,
        userName: '系统初始化',
        roleCode: null,
        createdAt: now,
      });
    }
    return DEMO_SCHOOLS.length;
  });
}

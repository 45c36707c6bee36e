import type { SchemaSet } from '../schemas/SchemaSet.js';
import type { SettingsDef, SubSystemsDef } from '../../../shared/schema/types.js';
import type { SiteSettings } from './settingsStore.js';
import { writeSetting } from './settingsStore.js';
import { contentHash, saveDictionary } from './dictionaryStore.js';
import type { Db } from '../db/tables.js';

function document<T>(schemas: SchemaSet, name: string): T {
  const doc = schemas.documents.get(name);
  if (!doc || typeof doc !== 'object') throw new Error(`schemas/${name}.json is missing`);
  return doc as T;
}

/** Sub-systems from schemas/subSystems.json, matched by code so ids stay stable across restarts. */
export async function seedSubSystems(db: Db, schemas: SchemaSet): Promise<void> {
  const { subSystems } = document<SubSystemsDef>(schemas, 'subSystems');
  if (!Array.isArray(subSystems) || subSystems.length === 0)
    throw new Error('schemas/subSystems.json: subSystems must list at least one sub-system');
  if (subSystems.filter((s) => s.defaultFlag === 1).length !== 1)
    throw new Error('schemas/subSystems.json: exactly one sub-system must have defaultFlag 1');
  for (const [i, s] of subSystems.entries()) {
    const values = {
      system_name: s.systemName,
      organize: s.organize ?? '',
      default_flag: s.defaultFlag === 1 ? 1 : 0,
      sort_no: i,
    };
    await db
      .insertInto('sub_systems')
      .values({ code: s.code, ...values })
      // Administrators edit sub-systems on baseInfoUpkeep: the file only adds the missing ones.
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  }
}

/** Site settings from schemas/settings.json "site"; rewritten only when the file's content changed. */
export async function seedSettings(db: Db, schemas: SchemaSet): Promise<void> {
  const { site } = document<{ site: SiteSettings }>(schemas, 'settings');
  if (!site?.systemName) throw new Error('schemas/settings.json: site.systemName is required');
  await writeSetting(db, 'site', site, { seedHash: contentHash(site) });
}

/** Every schemas/dictionaries/<type>.json; a changed file replaces the list and bumps its version. */
export async function seedDictionaries(db: Db, schemas: SchemaSet): Promise<void> {
  for (const def of schemas.dictionaries.values()) {
    await saveDictionary(db, def, {
      seedHash: contentHash({ label: def.label, options: def.options }),
      onlyIfSeedChanged: true,
    });
  }
}

/** Watch-duty shifts from schemas/settings.json "watchShifts", matched by code. */
export async function seedWatchShifts(db: Db, schemas: SchemaSet): Promise<void> {
  const { watchShifts = [] } = document<SettingsDef>(schemas, 'settings');
  for (const [i, s] of watchShifts.entries()) {
    const values = { name: s.name, start_time: s.startTime, end_time: s.endTime, sort_no: i };
    await db
      .insertInto('watch_shifts')
      .values({ code: s.code, ...values })
      // Administrators edit sub-systems on baseInfoUpkeep: the file only adds the missing ones.
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  }
}

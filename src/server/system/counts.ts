import type { AppContext } from '../AppContext.js';
import type { SessionUser } from '../auth/sessions.js';
import type { MenuNode } from '../../shared/schema/types.js';
import type { Rule } from '../../shared/rules/Rule.js';
import { KyselyRecordStore } from '../resources/RecordStore.js';
import { scopeFilter } from '../resources/access.js';
import { tableName } from '../resources/entityTables.js';
import { ruleContext } from '../resources/ruleContext.js';
import { ruleToCond, type Cond } from '../resources/ruleFilter.js';
import { hasField } from '../schemas/entityModel.js';
import { tableExists } from './tableExists.js';

export type CountKey = NonNullable<MenuNode['badge']>;
export type Counts = Record<CountKey, number>;
export const COUNT_KEYS: CountKey[] = ['achieveNum', 'meetNum', 'reviewNum', 'topicNum', 'topicSumNum', 'topicChangeNum'];

/** One badge number: the records of an entity the user may read, optionally narrowed by a rule on the record. */
export interface CountSource {
  entity: string;
  where?: Rule;
}

/**
 * The counts object of SPEC §3, from schemas/settings.json "counts": each number is how many
 * records of the named entity the caller's role may read (the entity's own read rules), narrowed by
 * `where`. An entity that does not exist yet (its module is not built) counts 0; nothing is invented.
 */
export async function countsFor(ctx: AppContext, user: SessionUser, now = Date.now()): Promise<Counts> {
  const sources = (ctx.schemas.documents.get('settings') as { counts?: Partial<Record<CountKey, CountSource>> } | undefined)?.counts ?? {};
  const store = KyselyRecordStore.of(ctx.database);
  const out = {} as Counts;
  for (const key of COUNT_KEYS) {
    const source = sources[key];
    const entity = source ? ctx.schemas.entities.get(source.entity) : undefined;
    if (!source || !entity || !(await tableExists(ctx.database, tableName(entity)))) {
      out[key] = 0;
      continue;
    }
    const scope = scopeFilter(entity, 'read', user, now);
    const where: Cond = source.where === undefined
      ? scope
      : { t: 'and', items: [scope, ruleToCond(source.where, ruleContext(user, undefined, now), (f) => hasField(entity, f))] };
    out[key] = (await store.list(entity, { where, sort: [], offset: 0, limit: 0 })).total;
  }
  return out;
}

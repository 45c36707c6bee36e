import type { AppContext } from '../../platform/AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import type { CountSourceDef, EntityDef, MenuNode, SettingsDef } from '../../../shared/schema/types.js';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import { scopeFilter } from '../../platform/records/access.js';
import { tableName } from '../../platform/records/entityPlan.js';
import { ruleContext } from '../../platform/records/ruleContext.js';
import { ruleToCond, type Cond } from '../../platform/schemas/ruleFilter.js';
import { formatDate, formatDateTime } from '../../platform/records/time.js';
import { fieldKind } from '../../platform/schemas/entityModel.js';
import { tableExists } from '../../platform/db/tableExists.js';
import { TABLE_SOURCES, type TableSource } from '../../platform/notifications/tableSources.js';

export type CountKey = NonNullable<MenuNode['badge']>;
export type Counts = Record<CountKey, number>;
export const COUNT_KEYS: CountKey[] = [
  'achieveNum',
  'meetNum',
  'reviewNum',
  'reviewTodoNum',
  'topicNum',
  'topicSumNum',
  'topicChangeNum',
];

/** One badge number (settings.json counts): the records of an entity the user may read, optionally narrowed by a rule on the record. */
export type CountSource = CountSourceDef;

export function countSources(ctx: AppContext): Record<string, CountSource> {
  return (ctx.schemas.documents.get('settings') as Partial<SettingsDef> | undefined)?.counts ?? {};
}

/**
 * The context a count's rule reads: { record, user, now } as everywhere, plus the current time as
 * stored text (nowText 'YYYY-MM-DD HH:mm:ss', today 'YYYY-MM-DD') so a rule can compare a date field.
 */
export function countRuleContext(user: SessionUser, now: number): Record<string, unknown> {
  const c = ruleContext(user, undefined, now);
  delete (c as { record?: unknown }).record;
  return { ...c, nowText: formatDateTime(now), today: formatDate(now) };
}

/**
 * The entity and the database condition of one count source for this user: the entity's own read
 * rules narrowed by `where`; null when the entity does not exist yet (its module is not built), its
 * table is missing, the role is not the source's, or the rule names a field the entity lacks.
 */
export async function sourceQuery(
  ctx: AppContext,
  user: SessionUser,
  source: CountSource | undefined,
  now: number,
): Promise<{ entity: EntityDef; where: Cond } | null> {
  if (!source) return null;
  if (source.roles && !source.roles.includes(user.roleCode)) return null;
  const entity = ctx.schemas.entities.get(source.entity);
  if (!entity || !(await tableExists(ctx.database, tableName(entity)))) return null;
  const scope = scopeFilter(entity, 'read', user, now);
  if (source.where === undefined) return { entity, where: scope };
  try {
    return {
      entity,
      where: { t: 'and', items: [scope, ruleToCond(source.where, countRuleContext(user, now), fieldKind(entity))] },
    };
  } catch {
    // A rule naming a field the (newer or older) entity lacks: nothing to count rather than a 500.
    return null;
  }
}

/** A module's table named as the source's entity (no entity of that name), for the source's roles. */
export function tableSourceOf(
  ctx: AppContext,
  user: SessionUser,
  source: CountSource | undefined,
): TableSource | undefined {
  if (!source || ctx.schemas.entities.has(source.entity)) return undefined;
  if (source.roles && !source.roles.includes(user.roleCode)) return undefined;
  return Object.hasOwn(TABLE_SOURCES, source.entity)
    ? TABLE_SOURCES[source.entity as keyof typeof TABLE_SOURCES]
    : undefined;
}

/** How many records one count source holds for this user (0 when it has none to offer). */
export async function countOf(
  ctx: AppContext,
  user: SessionUser,
  source: CountSource | undefined,
  now = Date.now(),
): Promise<number> {
  const table = tableSourceOf(ctx, user, source);
  if (table) return table.count(ctx, user);
  const q = await sourceQuery(ctx, user, source, now);
  if (!q) return 0;
  return (await KyselyRecordStore.of(ctx.database).list(q.entity, { where: q.where, sort: [], offset: 0, limit: 0 }))
    .total;
}

/**
 * The counts object of SPEC §3, from schemas/settings.json "counts": each number is how many
 * records of the named entity the caller's role may read (the entity's own read rules), narrowed by
 * `where`. An entity that does not exist yet (its module is not built) counts 0; nothing is invented.
 * The workbench's other figures (待办) come from the same sources through countOf.
 */
export async function countsFor(ctx: AppContext, user: SessionUser, now = Date.now()): Promise<Counts> {
  const sources = countSources(ctx);
  const out = {} as Counts;
  for (const key of COUNT_KEYS) out[key] = await countOf(ctx, user, sources[key], now);
  return out;
}

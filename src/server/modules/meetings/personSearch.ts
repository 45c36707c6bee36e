import { sql } from 'kysely';
import type { AppContext } from '../../platform/AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/http/AppError.js';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import { scopeFilter } from '../../platform/records/access.js';
import { tableExists } from '../../platform/db/tableExists.js';
import { tableName } from '../../platform/records/entityPlan.js';
import { peopleByIds, roleNameOf } from './people.js';
import type { PersonHit, PersonKind } from '../../../shared/contracts/meetings.js';

const PAGE = 20;

/**
 * The people an administrator may invite: province admins everybody; a city admin the people of
 * their city and the experts (a province-wide pool). Project leaders and experts may not search.
 * Kind 'topic' finds the leaders of topics the caller may read whose name holds the keyword.
 */
export async function searchPeople(
  ctx: AppContext,
  user: SessionUser,
  kind: PersonKind,
  keyword: string,
): Promise<PersonHit[]> {
  if (!user.isAdmin) throw AppError.forbidden();
  const { db } = ctx.database;
  const like = `%${keyword.toLowerCase().replace(/[!%_]/g, (ch) => `!${ch}`)}%`;
  if (kind === 'topic') {
    const topic = ctx.schemas.entities.get('topic');
    if (!topic || !(await tableExists(ctx.database, tableName(topic)))) return [];
    const store = KyselyRecordStore.of(ctx.database);
    const { rows } = await store.list(topic, {
      where: {
        t: 'and',
        items: [
          scopeFilter(topic, 'read', user),
          ...(keyword ? [{ t: 'like' as const, field: 'name', value: keyword }] : []),
        ],
      },
      sort: [{ field: 'createdAt', order: 'desc' }],
      offset: 0,
      limit: PAGE,
    });
    const people = await peopleByIds(
      db,
      rows.map((r) => Number(r.ownerId)),
    );
    return rows.flatMap((r) => {
      const p = people.get(Number(r.ownerId));
      return p
        ? [
            {
              userId: String(p.userId),
              name: p.name,
              unit: p.unit,
              roleName: roleNameOf(p.roles),
              topicName: String(r.name ?? ''),
            },
          ]
        : [];
    });
  }
  let q = db.selectFrom('users as u').select('u.id').where('u.enabled', '=', 1);
  if (keyword) {
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(u.real_name)`, 'like', sql`${like} escape '!'`),
        eb(sql`lower(u.username)`, 'like', sql`${like} escape '!'`),
        eb(sql`lower(coalesce(u.org_name, ''))`, 'like', sql`${like} escape '!'`),
      ]),
    );
  }
  const hasRole = (code: string) => (eb: any) =>
    eb.exists(
      eb
        .selectFrom('user_roles as r')
        .select('r.user_id')
        .whereRef('r.user_id', '=', 'u.id')
        .where('r.role_code', '=', code),
    );
  if (kind === 'expert') q = q.where(hasRole('5'));
  if (kind === 'leader') q = q.where(hasRole('4'));
  if (user.roleCode === '3') {
    q = q.where((eb) => eb.or([eb('u.area_code', '=', user.areaCode ?? '\u0000'), hasRole('5')(eb)]));
  }
  const ids = (await q.orderBy('u.id').limit(PAGE).execute()).map((r) => Number(r.id));
  const people = await peopleByIds(db, ids);
  return ids.flatMap((id) => {
    const p = people.get(id);
    return p ? [{ userId: String(id), name: p.name, unit: p.unit, roleName: roleNameOf(p.roles) }] : [];
  });
}

/** Names of chosen people for the picker, limited to those the caller could have found. */
export async function namePeople(ctx: AppContext, user: SessionUser, ids: number[]): Promise<PersonHit[]> {
  if (!user.isAdmin) throw AppError.forbidden();
  const people = await peopleByIds(ctx.database.db, ids);
  return ids.flatMap((id) => {
    const p = people.get(id);
    if (!p) return [];
    // A city admin sees the people of their city and experts; others invited by the province stay unnamed.
    if (user.roleCode === '3' && p.areaCode !== user.areaCode && !p.roles.includes('5')) {
      return [{ userId: String(id), name: '（其他地区人员）', unit: '', roleName: '' }];
    }
    return [{ userId: String(id), name: p.name, unit: p.unit, roleName: roleNameOf(p.roles) }];
  });
}

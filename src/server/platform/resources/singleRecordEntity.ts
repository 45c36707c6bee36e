import type { EntityDef } from '../../../shared/schema/types.js';
import type { AppContext } from '../AppContext.js';
import type { SessionUser } from '../auth/sessions.js';
import { AppError } from '../http/AppError.js';
import { hasRight, permissions } from '../records/access.js';
import { DictionaryValues } from '../records/dictionaries.js';
import { KyselyRecordStore, type StoredRecord } from '../records/RecordStore.js';
import { validateFields } from './validate.js';
import { logRows, type VirtualEntity } from './virtualEntities.js';

/** What a settings-like entity says of itself: how its one record reads and how a change is kept. */
export interface SingleRecord {
  entity: string;
  /** The operation log's label of a change. */
  actionLabel: string;
  /** The one record as the signed-in user sees it (its id is set from `idOf`). */
  read(user: SessionUser): Promise<StoredRecord>;
  /** Keeps the checked values; answers the log's comment, or null when nothing changed (nothing logged). */
  write(values: Record<string, unknown>, existing: StoredRecord, user: SessionUser): Promise<string | null>;
  /**
   * The record's id, which its log rows carry too: a person's own record (their profile, their
   * reminder choices) is theirs by their user id; a record shared by all (site settings) is 1.
   */
  idOf?(user: SessionUser): number;
}

/**
 * A virtual entity with exactly one record for whoever asks (site settings, a person's own
 * preferences): read and update rights from its schema, fields checked as any record's, each change
 * in the operation log. The id 1 in an address (the routes' "the one record") names the caller's
 * own record as well as its own id does; any other id is not found.
 */
export function singleRecordEntity(ctx: AppContext, def: SingleRecord): VirtualEntity {
  const entity = ctx.schemas.entities.get(def.entity) as EntityDef;
  const dicts = new DictionaryValues(ctx);
  const store = KyselyRecordStore.of(ctx.database);
  const idOf = (user: SessionUser) => def.idOf?.(user) ?? 1;

  const answer = async (user: SessionUser) => {
    const rec = { ...(await def.read(user)), id: idOf(user) };
    return { ...rec, _perm: permissions(entity, null, rec, user) };
  };
  const check = (body: Record<string, unknown>, user: SessionUser, right: 'read' | 'update') => {
    if (!hasRight(entity, right, user)) throw AppError.forbidden();
    if (body.id !== undefined && String(body.id) !== '1' && String(body.id) !== String(idOf(user)))
      throw AppError.notFound();
  };

  return {
    async list(_body, user) {
      check({}, user, 'read');
      return { list: [await answer(user)], total: 1, page: 1, pageSize: 10 };
    },
    async get(body, user) {
      check(body, user, 'read');
      return answer(user);
    },
    async save(body, user) {
      check(body, user, 'update');
      const existing = await def.read(user);
      const { values } = await validateFields(ctx, dicts, entity, body, existing, user);
      const comment = await def.write(values, existing, user);
      if (comment !== null) {
        await store.log({
          entity: def.entity,
          recordId: idOf(user),
          action: 'update',
          actionLabel: def.actionLabel,
          fromStatus: null,
          toStatus: null,
          comment: comment.slice(0, 500) || null,
          userId: user.userId,
          userName: user.realName,
          roleCode: user.roleCode,
          createdAt: Date.now(),
        });
      }
      return answer(user);
    },
    async logs(body, user) {
      check(body, user, 'read');
      return logRows(await store.logs(entity, idOf(user)));
    },
  };
}

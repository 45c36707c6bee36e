import type { EntityDef } from '../../../shared/schema/types.js';
import type { AppContext } from '../../AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/http/AppError.js';
import { hasRight, permissions } from '../../platform/records/access.js';
import { DictionaryValues } from '../../platform/records/dictionaries.js';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import { validateFields } from '../../platform/resources/validate.js';
import { logRows, virtualRecord, type VirtualEntity } from '../../platform/resources/virtualEntities.js';
import {
  OUTSIDE_CHANNELS,
  readChoices,
  writeChoice,
  type ChannelPolicy,
  type OutsideChannel,
} from '../../platform/notifications/channelPreferences.js';

export const PREFERENCE_ENTITY = 'notificationPreference';

/** A preference field's channel and notice kind, from its name: emailReviewDue → email, reviewDue. */
export function channelField(name: string): { channel: OutsideChannel; kind: string } | null {
  const m = /^(email|sms)([A-Z][A-Za-z0-9]*)$/.exec(name);
  if (!m || !(OUTSIDE_CHANNELS as readonly string[]).includes(m[1])) return null;
  return { channel: m[1] as OutsideChannel, kind: m[2][0].toLowerCase() + m[2].slice(1) };
}

/** The kinds the preference entity names, with each channel's default (its field's default). */
export function policyOf(entity: EntityDef): ChannelPolicy {
  const policy: ChannelPolicy = new Map();
  for (const [name, def] of Object.entries(entity.fields)) {
    const f = channelField(name);
    if (!f) continue;
    const d = policy.get(f.kind) ?? { email: false, sms: false };
    d[f.channel] = def.default === true;
    policy.set(f.kind, d);
  }
  return policy;
}

/**
 * The signed-in person's own reminder choices as the one record (id 1) of notificationPreference:
 * nobody reads or changes another's; a change is logged like any record's.
 */
export function preferenceAdmin(ctx: AppContext): VirtualEntity {
  const entity = ctx.schemas.entities.get(PREFERENCE_ENTITY) as EntityDef;
  const policy = policyOf(entity);
  const dicts = new DictionaryValues(ctx);
  const store = KyselyRecordStore.of(ctx.database);

  const record = async (user: SessionUser) => {
    const choices = await readChoices(ctx.database.db, user.userId);
    const fields: Record<string, boolean> = {};
    for (const name of Object.keys(entity.fields)) {
      const f = channelField(name);
      if (f) fields[name] = choices.get(f.kind)?.[f.channel] ?? policy.get(f.kind)?.[f.channel] ?? false;
    }
    return virtualRecord(1, fields, { ownerId: user.userId, createdBy: user.userId });
  };
  const answer = async (user: SessionUser) => {
    const rec = await record(user);
    return { ...rec, _perm: permissions(entity, null, rec, user) };
  };
  const check = (body: Record<string, unknown>, user: SessionUser, right: 'read' | 'update') => {
    if (!hasRight(entity, right, user)) throw AppError.forbidden();
    if (body.id !== undefined && String(body.id) !== '1') throw AppError.notFound();
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
      const existing = await record(user);
      const { values } = await validateFields(ctx, dicts, entity, body, existing, user);
      const changed: string[] = [];
      await ctx.database.db.transaction().execute(async (trx) => {
        for (const [name, value] of Object.entries(values)) {
          const f = channelField(name);
          if (!f || Boolean(value) === existing[name]) continue;
          await writeChoice(trx, user.userId, f.kind, f.channel, Boolean(value));
          changed.push(`${entity.fields[name].label}${value ? '开启' : '关闭'}`);
        }
      });
      if (changed.length) {
        // Logged per person: the record id in the log is the person's own user id.
        await store.log({
          entity: PREFERENCE_ENTITY,
          recordId: user.userId,
          action: 'update',
          actionLabel: '修改消息提醒设置',
          fromStatus: null,
          toStatus: null,
          comment: changed.join('、').slice(0, 500),
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
      return logRows(await store.logs(entity, user.userId));
    },
  };
}

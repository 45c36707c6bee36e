import type { EntityDef } from '../../../shared/schema/types.js';
import type { AppContext } from '../../platform/AppContext.js';
import { singleRecordEntity } from '../../platform/resources/singleRecordEntity.js';
import { virtualRecord, type VirtualEntity } from '../../platform/resources/virtualEntities.js';
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
 * The signed-in person's own reminder choices as the one record (its id the person's user id; 1 in an address) of notificationPreference:
 * nobody reads or changes another's; a change is logged like any record's, per person.
 */
export function preferenceAdmin(ctx: AppContext): VirtualEntity {
  const entity = ctx.schemas.entities.get(PREFERENCE_ENTITY) as EntityDef;
  const policy = policyOf(entity);
  return singleRecordEntity(ctx, {
    entity: PREFERENCE_ENTITY,
    actionLabel: '修改消息提醒设置',
    // Each person's own record: its id is theirs.
    idOf: (user) => user.userId,
    async read(user) {
      const choices = await readChoices(ctx.database.db, user.userId);
      const fields: Record<string, boolean> = {};
      for (const name of Object.keys(entity.fields)) {
        const f = channelField(name);
        if (f) fields[name] = choices.get(f.kind)?.[f.channel] ?? policy.get(f.kind)?.[f.channel] ?? false;
      }
      return virtualRecord(user.userId, fields, { ownerId: user.userId, createdBy: user.userId });
    },
    async write(values, existing, user) {
      const changed: string[] = [];
      await ctx.database.db.transaction().execute(async (trx) => {
        for (const [name, value] of Object.entries(values)) {
          const f = channelField(name);
          if (!f || Boolean(value) === existing[name]) continue;
          await writeChoice(trx, user.userId, f.kind, f.channel, Boolean(value));
          changed.push(`${entity.fields[name].label}${value ? '开启' : '关闭'}`);
        }
      });
      return changed.length ? changed.join('、') : null;
    },
  });
}

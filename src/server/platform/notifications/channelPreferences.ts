import type { Db } from '../db/tables.js';

/** The channels beside the in-app notice; in-app notices always go out. */
export const OUTSIDE_CHANNELS = ['email', 'sms'] as const;
export type OutsideChannel = (typeof OUTSIDE_CHANNELS)[number];

/**
 * Which kinds of notice may leave the portal, and whether each channel is on for a person who
 * chose nothing. Kinds not named here stay in-app only (the module that owns the preference page
 * names them).
 */
export type ChannelPolicy = Map<string, Record<OutsideChannel, boolean>>;

export type Choices = Map<string, Partial<Record<OutsideChannel, boolean>>>;

/** One person's own choices (kind → channel → on/off), as stored. */
export async function readChoices(db: Db, userId: number): Promise<Choices> {
  const rows = await db
    .selectFrom('notification_preference')
    .select(['kind', 'channel', 'enabled'])
    .where('user_id', '=', userId)
    .execute();
  const out: Choices = new Map();
  for (const r of rows) {
    const c = out.get(String(r.kind)) ?? {};
    c[r.channel as OutsideChannel] = Number(r.enabled) === 1;
    out.set(String(r.kind), c);
  }
  return out;
}

/** Replaces one person's choice for a kind and channel. */
export async function writeChoice(
  db: Db,
  userId: number,
  kind: string,
  channel: OutsideChannel,
  enabled: boolean,
): Promise<void> {
  await db
    .deleteFrom('notification_preference')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('channel', '=', channel)
    .execute();
  await db
    .insertInto('notification_preference')
    .values({ user_id: userId, kind, channel, enabled: enabled ? 1 : 0 })
    .execute();
}

/** Of `userIds`, those who get `kind` by `channel`: their own choice, else the policy's default. */
export async function wantsChannel(
  db: Db,
  policy: ChannelPolicy,
  userIds: number[],
  kind: string,
  channel: OutsideChannel,
): Promise<number[]> {
  const defaults = policy.get(kind);
  if (!defaults || !userIds.length) return [];
  const rows = await db
    .selectFrom('notification_preference')
    .select(['user_id', 'enabled'])
    .where('kind', '=', kind)
    .where('channel', '=', channel)
    .where('user_id', 'in', userIds)
    .execute();
  const chosen = new Map(rows.map((r) => [Number(r.user_id), Number(r.enabled) === 1]));
  return userIds.filter((id) => chosen.get(id) ?? defaults[channel]);
}

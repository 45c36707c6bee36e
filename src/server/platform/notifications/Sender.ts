import type { AppContext } from '../AppContext.js';
import type { Db } from '../db/tables.js';

/** One notice for one person, as every sender receives it. */
export interface OutgoingNotice {
  userId: number;
  kind: string;
  title: string;
  body: string | null;
  link: string | null;
  createdAt: number;
}

/**
 * A way of reaching people. The in-app sender writes rows the bell reads; an e-mail or SMS sender
 * (modelled on the sign-on service's SmsSender) is plugged in with `useSenders` and runs after the
 * in-app rows are written. `db` is the caller's transaction when there is one.
 */
export interface Sender {
  readonly name: string;
  send(ctx: AppContext, db: Db, notices: OutgoingNotice[]): Promise<void>;
}

/** The one sender needed now: rows in `notification`, in the caller's transaction. */
export const inAppSender: Sender = {
  name: 'inApp',
  async send(_ctx, db, notices) {
    if (!notices.length) return;
    await db
      .insertInto('notification')
      .values(
        notices.map((n) => ({
          user_id: n.userId,
          kind: n.kind,
          title: n.title,
          body: n.body,
          link: n.link,
          read_at: null,
          created_at: n.createdAt,
        })),
      )
      .execute();
  },
};

const extra = new WeakMap<AppContext, Sender[]>();

/** Adds senders (e-mail, SMS gateway) beside the in-app one for this app. */
export function useSenders(ctx: AppContext, senders: Sender[]): void {
  extra.set(ctx, senders);
}

export function sendersOf(ctx: AppContext): Sender[] {
  return [inAppSender, ...(extra.get(ctx) ?? [])];
}

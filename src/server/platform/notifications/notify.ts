import type { AppContext } from '../AppContext.js';
import { sendersOf, type OutgoingNotice } from './Sender.js';
import type { Db } from '../db/tables.js';

export interface NotifyInput {
  userIds: number[];
  /** What happened, for filtering and icons: meetingInvite, questionRouted, questionAnswered, topicReturned, reviewTask, ... */
  kind: string;
  title: string;
  body?: string;
  /** A route of the web app (starting with /) the notice opens. */
  link?: string;
}

/**
 * Tells users something in the app (the bell in the header). Written in `trx` when the caller has
 * a transaction, so a notice exists exactly when the change it announces does; else on its own.
 * Duplicate and invalid user ids are dropped; an empty list does nothing.
 */
export async function notify(ctx: AppContext, n: NotifyInput, trx?: Db): Promise<number> {
  const ids = [...new Set(n.userIds.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (!ids.length) return 0;
  const link = n.link && n.link.startsWith('/') && !n.link.startsWith('//') ? n.link.slice(0, 500) : null;
  const now = Date.now();
  const notices: OutgoingNotice[] = ids.map((userId) => ({
    userId,
    kind: n.kind.slice(0, 48),
    title: n.title.slice(0, 200),
    body: n.body ?? null,
    link,
    createdAt: now,
  }));
  const db = trx ?? ctx.database.db;
  for (const sender of sendersOf(ctx)) {
    if (sender.name === 'inApp') await sender.send(ctx, db, notices);
    else {
      // An outside channel failing must not undo the change nor the in-app notice.
      try {
        await sender.send(ctx, db, notices);
      } catch (err) {
        ctx.log.warn({ err, sender: sender.name }, 'notice sender failed');
      }
    }
  }
  return ids.length;
}

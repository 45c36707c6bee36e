import type { AppContext } from '../AppContext.js';
import type { SessionUser } from '../auth/sessions.js';

/**
 * Whether `user` (null: an anonymous visitor) may read record `id` of `entity`: the question the
 * file service asks before handing out a file bound to a record. The resources engine answers it.
 */
export async function canReadBoundRecord(ctx: AppContext, user: SessionUser | null, entity: string, id: number): Promise<boolean> {
  void ctx; void user; void entity; void id;
  return false;
}

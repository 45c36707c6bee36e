import type { AppContext } from '../../platform/AppContext.js';
import { docOf } from '../../platform/schemas/schemaDocs.js';
import { demoActor } from '../../platform/seed/demoActor.js';
import { listProposals } from './proposals.js';
import { publish } from './studioService.js';

/** The file the demo proposal widens, and the rule it widens: city offices' read of 相关下载. */
const KEY = 'entities/relatedDownloads';
const CITY = '3';

/**
 * One access change waiting for the super admin, as an analyst proposes it in the studio: city
 * offices reading every city's 相关下载, not only their own. Made through publish, so its checks
 * and its diff in numbers are the real ones; nothing is published until admin approves it. Only
 * while no proposal is stored.
 */
export async function seedStudioDemo(ctx: AppContext): Promise<boolean> {
  if ((await listProposals(ctx.database.db)).length) return false;
  const before = docOf(ctx.schemas, KEY) as
    { access?: { read?: Array<{ roles: string[]; scope: string }> } } | undefined;
  const read = before?.access?.read;
  if (!before || !read?.some((r) => r.roles.includes(CITY) && r.scope !== 'all')) return false;
  const after = structuredClone(before) as typeof before & { access: { read: typeof read } };
  after.access.read = after.access.read.map((r) => (r.roles.includes(CITY) ? { ...r, scope: 'all' } : r));
  const analyst = await demoActor(ctx, 'analyst1');
  const done = await publish(ctx, analyst, {
    key: KEY,
    content: JSON.stringify(after, null, 2),
    reason: '市级管理员需要参考其他地市发布的相关下载资料',
  });
  return done.proposalId !== undefined;
}

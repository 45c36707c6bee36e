import crypto from 'node:crypto';
import type { AppContext } from '../../platform/AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/http/AppError.js';
import { writeLog } from '../../platform/records/writeLog.js';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import { docOf, kindOf } from '../../platform/schemas/schemaDocs.js';
import { jsonDiff, type JsonChange } from '../../../shared/schema/jsonDiff.js';
import type { EntityDef } from '../../../shared/schema/types.js';
import { ROLE } from '../../../shared/roles.js';
import type { AccessDiff, Proposal } from '../../../shared/contracts/studio.js';
import { accessChanges } from './accessChange.js';
import { accessDiffOf } from './accessDiff.js';
import type { Selectable } from 'kysely';
import type { SchemaProposalsTable } from '../../platform/db/rows.js';
import type { Db } from '../../platform/db/tables.js';

export const PROPOSAL_MESSAGES = {
  proposed: '此修改涉及访问权限，已提交审批，超级管理员批准后发布',
  onlySuperAdmin: '只有超级管理员可以审批涉及访问权限的修改',
  ownProposal: '不能审批自己提出的修改',
  notPending: '该提案已处理',
  notFound: '提案不存在',
  stale: (key: string) =>
    `该提案提出后，配置文件“${key}”已有新的修改，批准会覆盖之后的修改；请驳回后基于当前版本重新提出`,
} as const;

/** A document's content as one hash: what a proposal was made against. */
export function baseHash(doc: unknown): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify(doc ?? null))
    .digest('hex');
}

/** The diff in numbers of an entity's access change; null for other documents. */
export async function accessDiffFor(
  ctx: AppContext,
  key: string,
  before: unknown,
  after: unknown,
): Promise<AccessDiff | null> {
  if (kindOf(key) !== 'entities' || !after || typeof after !== 'object') return null;
  return accessDiffOf(
    ctx.database.db,
    KyselyRecordStore.of(ctx.database),
    before as EntityDef | undefined,
    after as EntityDef,
  );
}

function fromRow(r: Selectable<SchemaProposalsTable>): Proposal {
  const json = (v: unknown) => (typeof v === 'string' && v ? JSON.parse(v) : null);
  const stored = json(r.access_diff) as { changes: JsonChange[]; numbers: AccessDiff | null } | null;
  return {
    id: Number(r.id),
    key: r.schema_key,
    reason: r.reason,
    // Written here only, from Proposal['status'].
    status: r.status as Proposal['status'],
    diff: json(r.diff),
    accessChanges: stored?.changes ?? [],
    accessDiff: stored?.numbers ?? null,
    rolledBackTo: r.rolled_back_to === null || r.rolled_back_to === undefined ? null : Number(r.rolled_back_to),
    proposedBy: Number(r.proposed_by),
    proposedByName: r.proposed_by_name ?? null,
    proposedAt: Number(r.proposed_at),
    decidedByName: r.decided_by_name ?? null,
    decidedAt: r.decided_at === null || r.decided_at === undefined ? null : Number(r.decided_at),
    decisionComment: r.decision_comment ?? null,
    versionId: r.version_id === null || r.version_id === undefined ? null : Number(r.version_id),
  };
}

export async function proposalById(
  db: Db,
  id: number,
): Promise<(Proposal & { content: string; baseHash: string | null }) | null> {
  const r = await db.selectFrom('schema_proposals').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? { ...fromRow(r), content: r.content, baseHash: r.base_hash ?? null } : null;
}

/**
 * Refuses the approval of a proposal whose document changed since it was made (published,
 * rolled back or changed in the repository): approving it would overwrite the newer work.
 */
export async function assertBaseCurrent(
  ctx: AppContext,
  p: { key: string; proposedAt: number; baseHash: string | null },
): Promise<void> {
  // Another process's publish is served here first, so the comparison is with what a publish replaces.
  await ctx.schemaRegistry.followOthers();
  const changed = p.baseHash
    ? baseHash(docOf(ctx.schemas, p.key)) !== p.baseHash
    : !!(await ctx.database.db
        .selectFrom('schema_versions')
        .select('id')
        .where('schema_key', '=', p.key)
        .where('created_at', '>', p.proposedAt)
        .where('action', '!=', 'file')
        .executeTakeFirst());
  if (changed) throw new AppError(PROPOSAL_MESSAGES.stale(p.key), 409, 409);
}

export async function listProposals(db: Db, status?: Proposal['status']): Promise<Proposal[]> {
  let q = db.selectFrom('schema_proposals').selectAll().orderBy('id', 'desc').limit(200);
  if (status) q = q.where('status', '=', status);
  return (await q.execute()).map(fromRow);
}

/** Stores an access change as a proposal with its diff in numbers, logged; answers its id. */
export async function propose(
  ctx: AppContext,
  user: SessionUser,
  input: { key: string; content: string; reason: string; rolledBackTo?: number },
  before: unknown,
  after: unknown,
): Promise<number> {
  const now = Date.now();
  const changes = accessChanges(before, after);
  const numbers = await accessDiffFor(ctx, input.key, before, after);
  return ctx.database.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('schema_proposals')
      .values({
        schema_key: input.key,
        content: JSON.stringify(after),
        reason: input.reason,
        diff: JSON.stringify(jsonDiff(before, after)),
        access_diff: JSON.stringify({ changes, numbers }),
        rolled_back_to: input.rolledBackTo ?? null,
        base_hash: baseHash(before),
        status: 'pending',
        proposed_by: user.userId,
        proposed_by_name: user.realName,
        proposed_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await writeLog(trx, {
      entity: 'schema',
      recordId: id,
      action: 'propose',
      actionLabel: '提交权限修改',
      fromStatus: null,
      toStatus: null,
      comment: `${input.key}：${input.reason}`,
      userId: user.userId,
      userName: user.realName,
      roleCode: user.roleCode,
      createdAt: now,
    });
    return id;
  });
}

/** The pending proposal a super admin other than its proposer may decide on. */
export async function decidable(ctx: AppContext, user: SessionUser, id: number) {
  if (user.roleCode !== ROLE.superAdmin) throw AppError.forbidden(PROPOSAL_MESSAGES.onlySuperAdmin);
  const p = await proposalById(ctx.database.db, id);
  if (!p) throw AppError.notFound(PROPOSAL_MESSAGES.notFound);
  if (p.status !== 'pending') throw new AppError(PROPOSAL_MESSAGES.notPending, 409, 409);
  if (p.proposedBy === user.userId) throw AppError.forbidden(PROPOSAL_MESSAGES.ownProposal);
  return p;
}

/** Records a decision on a proposal, logged (approve after its publish, with the version it made). */
export async function decide(
  ctx: AppContext,
  user: SessionUser,
  p: Proposal,
  decision: 'approved' | 'rejected',
  comment: string | null,
  versionId: number | null,
): Promise<void> {
  const now = Date.now();
  await ctx.database.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('schema_proposals')
      .set({
        status: decision,
        decided_by: user.userId,
        decided_by_name: user.realName,
        decided_at: now,
        decision_comment: comment,
        version_id: versionId,
      })
      .where('id', '=', p.id)
      .where('status', '=', 'pending')
      .execute();
    await writeLog(trx, {
      entity: 'schema',
      recordId: p.id,
      action: decision === 'approved' ? 'approve' : 'reject',
      actionLabel: decision === 'approved' ? '批准权限修改' : '驳回权限修改',
      fromStatus: null,
      toStatus: null,
      comment: `${p.key}：${p.reason}（${p.proposedByName ?? ''} 提出）${comment ? `；${comment}` : ''}`,
      userId: user.userId,
      userName: user.realName,
      roleCode: user.roleCode,
      createdAt: now,
    });
  });
}

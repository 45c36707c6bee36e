import type { EntityDef, StatusDef } from '../../../shared/schema/types.js';
import type { AppContext } from '../../platform/AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/http/AppError.js';
import { allowed } from '../../platform/records/access.js';
import {
  KyselyRecordStore,
  type Filter,
  type RecordStore,
  type StoredRecord,
} from '../../platform/records/RecordStore.js';
import { optionsOf, type Criterion } from './aggregate.js';
import { targetMapping, type TargetMapping } from './targetMapping.js';

export const ADMIN_ROLES = ['1', '2', '3'];

export function entityOf(ctx: AppContext, name: string): EntityDef {
  const e = ctx.schemas.entities.get(name);
  if (!e) throw AppError.invalid([{ field: 'entity', label: '实体', message: `未知的实体：${name}` }]);
  return e;
}

export function parseId(v: unknown, field = 'id', label = 'ID'): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : Number.NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw AppError.invalid([{ field, label, message: `${label}格式不正确` }]);
  return n;
}

export function storeOf(ctx: AppContext): KyselyRecordStore {
  return KyselyRecordStore.of(ctx.database);
}

/** Every record matching a filter (lists are bounded by what one batch holds). */
export async function listAll(
  store: RecordStore,
  entity: EntityDef,
  where: Filter,
  limit = 5000,
): Promise<StoredRecord[]> {
  const { rows } = await store.list(entity, { where, sort: [{ field: 'id', order: 'asc' }], offset: 0, limit });
  return rows;
}

export interface BatchContext {
  batch: StoredRecord;
  mapping: TargetMapping;
  targetEntity: EntityDef;
  criteria: Criterion[];
  recommendations: string[];
}

/** A batch the user may read (or update), with its target mapping; 404 outside the user's scope. */
export async function loadBatch(
  ctx: AppContext,
  user: SessionUser,
  id: unknown,
  right: 'read' | 'update',
  store: RecordStore = storeOf(ctx),
): Promise<BatchContext> {
  if (!ADMIN_ROLES.includes(user.roleCode)) throw AppError.forbidden();
  const entity = entityOf(ctx, 'reviewBatch');
  const batch = await store.get(entity, parseId(id, 'batchId', '评审批次'));
  if (!batch || !allowed(entity, 'read', batch, user)) throw AppError.notFound();
  if (right === 'update' && batch.status === '2') throw AppError.forbidden('评审已结束');
  if (right === 'update' && !allowed(entity, 'update', batch, user)) throw AppError.forbidden();
  const mapping = targetMapping(ctx, String(batch.targetEntity ?? 'topic'));
  return {
    batch,
    mapping,
    targetEntity: entityOf(ctx, mapping.entity),
    criteria: Array.isArray(batch.criteria) ? (batch.criteria as Criterion[]) : [],
    recommendations: optionsOf(batch.recommendations),
  };
}

export async function reviewsOfBatch(
  ctx: AppContext,
  batchId: number,
  store: RecordStore = storeOf(ctx),
): Promise<StoredRecord[]> {
  return listAll(store, entityOf(ctx, 'review'), { t: 'cmp', field: 'batchId', op: '=', value: batchId });
}

/** The statuses a record of this batch's stage may be picked in: waiting for review, or at city before it. */
export function stageStatuses(bc: BatchContext): { waiting: string; atCity: string } {
  const s = bc.mapping.stages[String(bc.batch.stage)];
  if (!s) throw AppError.invalid([{ field: 'stage', label: '评审阶段', message: '该评审阶段没有专家评审' }]);
  return s;
}

/**
 * The review task statuses (未开始, 草稿, 已提交) as the review entity's workflow names and colours
 * them: pages and exports read them from there, never from a copy of their own.
 */
export function taskStatuses(ctx: AppContext): StatusDef[] {
  const wf = ctx.schemas.workflows.get(entityOf(ctx, 'review').workflow ?? 'review');
  return (wf?.statuses ?? []).map((s) => ({ code: s.code, label: s.label, ...(s.color ? { color: s.color } : {}) }));
}

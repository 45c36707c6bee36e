import type { AppContext } from '../../platform/AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/http/AppError.js';
import type { RecordStore, StoredRecord } from '../../platform/records/RecordStore.js';
import { DictionaryValues } from '../../platform/records/dictionaries.js';
import { dictLabelsOf, fieldDiff } from '../../platform/records/fieldDiff.js';
import { fire } from '../../platform/workflow/engine.js';
import { kindsOf, newField, type ChangeKinds } from './changeKinds.js';
import { planChange, sameValue, snapshotOld } from './planChange.js';

export const CHANGE_MESSAGES = {
  topicRequired: '请选择变更课题',
  notRunning: '只能对本人在研的课题申请变更',
  sameValue: '变更后的内容与原内容相同',
  otherRequired: '请填写其他变更说明',
  topicChanged: '课题当前状态不能变更，请刷新后重试',
  openKind: (label: string) => `该课题已有审核中的“${label}”申请，不能重复申请`,
} as const;

const fieldError = (field: string, label: string, message: string) => AppError.invalid([{ field, label, message }]);

/** The request's topic, which must be the user's own and running; else a message on the topic field. */
export async function ownRunningTarget(
  kinds: ChangeKinds,
  store: RecordStore,
  request: Record<string, unknown>,
  user: SessionUser,
): Promise<StoredRecord> {
  const label = kinds.request.fields.topicId?.label ?? '课题';
  const id = Number(request.topicId);
  if (!Number.isSafeInteger(id) || id <= 0) throw fieldError('topicId', label, CHANGE_MESSAGES.topicRequired);
  const target = await store.get(kinds.target, id);
  if (!target || target.ownerId !== user.userId || !kinds.targetStatuses.includes(String(target.status))) {
    throw fieldError('topicId', label, CHANGE_MESSAGES.notRunning);
  }
  return target;
}

/**
 * On every save: the topic's current values go into old<Field> (the server's, never the client's),
 * with its name, number and area (so the city that audits is the topic's city), and each chosen
 * kind must ask for something.
 */
export function prepareRequest(kinds: ChangeKinds, next: Record<string, unknown>, target: StoredRecord): void {
  Object.assign(next, snapshotOld(kinds, next, target), {
    topicName: target.name ?? null,
    topicNo: target.topicNo ?? null,
    areaCode: target.areaCode,
  });
  for (const kind of kindsOf(kinds, next)) {
    if (kind.code === '99' && !String(next.otherContent ?? '').trim()) {
      throw fieldError(
        'otherContent',
        kinds.request.fields.otherContent?.label ?? '其他变更说明',
        CHANGE_MESSAGES.otherRequired,
      );
    }
    if (kind.fields.length && kind.fields.every((f) => sameValue(target[f], next[newField(f)]))) {
      const f = newField(kind.fields[0]);
      throw fieldError(f, kinds.request.fields[f].label, CHANGE_MESSAGES.sameValue);
    }
  }
}

/** On submit: no other open request of the same topic asks for a kind this one asks for. */
export async function refuseOpenSameKind(
  kinds: ChangeKinds,
  store: RecordStore,
  request: StoredRecord,
  kindLabels: Map<string, string>,
): Promise<void> {
  const { rows } = await store.list(kinds.request, {
    where: {
      t: 'and',
      items: [
        { t: 'cmp', field: 'topicId', op: '=', value: Number(request.topicId) },
        { t: 'in', field: 'status', values: kinds.openStatuses },
        { t: 'not', item: { t: 'cmp', field: 'id', op: '=', value: request.id } },
      ],
    },
    sort: [{ field: 'id', order: 'asc' }],
    offset: 0,
    limit: 100,
  });
  const asked = new Set(kindsOf(kinds, request).map((k) => k.code));
  for (const other of rows) {
    const clash = kindsOf(kinds, other).find((k) => asked.has(k.code));
    if (clash)
      throw fieldError(
        kinds.kindsField,
        kinds.request.fields[kinds.kindsField].label,
        CHANGE_MESSAGES.openKind(kindLabels.get(clash.code) ?? clash.code),
      );
  }
}

/**
 * Applies a passed request to its topic inside the audit's transaction: the topic's fields change
 * with a log row holding the field-level diff and pointing back to the request; a stop fires the
 * topic's system transition. The topic row is locked (PostgreSQL) and written on its version, so
 * nothing is applied twice.
 */
export async function applyRequest(
  ctx: AppContext,
  kinds: ChangeKinds,
  store: RecordStore,
  request: StoredRecord,
  user: SessionUser | null,
  now: number,
): Promise<void> {
  const target = await store.get(kinds.target, Number(request.topicId), { lock: true });
  if (!target || !kinds.targetStatuses.includes(String(target.status)))
    throw AppError.conflict(CHANGE_MESSAGES.topicChanged);
  const plan = planChange(kinds, request, target);
  const cause = `依据课题变更申请（编号${request.id}）：${String(request.reason ?? '').slice(0, 200)}`;
  let version = target.version;
  if (plan.diff.length) {
    const next: StoredRecord = { ...target, updatedAt: now, updatedBy: user?.userId ?? null };
    // The request's new<Field> has the topic field's own definition, so its saved value is already valid there.
    Object.assign(next, plan.set);
    // Labels read through the transaction's own connection (SQLite has only that one).
    const labels = await dictLabelsOf(kinds.target, new DictionaryValues(ctx, store.executor));
    const workflow = kinds.target.workflow ? (ctx.schemas.workflows.get(kinds.target.workflow) ?? null) : null;
    const changes = fieldDiff(kinds.target, workflow, target, next, labels);
    if (!(await store.update(kinds.target, next, version))) throw AppError.conflict(CHANGE_MESSAGES.topicChanged);
    version += 1;
    await store.log({
      entity: kinds.target.name,
      recordId: target.id,
      action: 'change',
      actionLabel: '变更',
      fromStatus: target.status,
      toStatus: target.status,
      comment: cause,
      userId: user?.userId ?? null,
      userName: user?.realName ?? '系统',
      roleCode: user?.roleCode ?? null,
      createdAt: now,
      changes,
    });
  }
  for (const action of plan.transitions) {
    await fire(ctx, { entity: kinds.target.name, id: target.id, action, version, comment: cause }, null, store);
    version += 1;
  }
}

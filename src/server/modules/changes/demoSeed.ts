import { formatDateTime } from '../../platform/records/time.js';
import type { AppContext } from '../../platform/AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { KyselyRecordStore, type NewStoredRecord, type StoredRecord } from '../../platform/records/RecordStore.js';
import { syncEntityTables } from '../../platform/records/entityTables.js';
import { sendLoggedTransitionNotice } from '../../platform/workflow/transitionNotices.js';
import { readChangeKinds } from './changeKinds.js';
import { applyRequest, prepareRequest } from './changeRules.js';

type Actor = Pick<SessionUser, 'userId' | 'realName' | 'roleCode'>;
interface Step {
  action: string;
  label: string;
  to: string;
  by: string;
  comment?: string;
}

/** What the demo shows: a request in every audit status, in both demo cities. */
const PLAN: {
  owner: string;
  kinds: string[];
  values: (t: StoredRecord) => Record<string, unknown>;
  reason: string;
  steps: Step[];
}[] = [
  {
    owner: 'leader1',
    kinds: ['4'],
    values: (t) => ({ newName: `${String(t.name)}（调整后）` }),
    reason: '研究聚焦课堂评价，题目随之调整',
    steps: [],
  },
  {
    owner: 'leader1',
    kinds: ['3'],
    reason: '新增一名骨干教师参与课堂实践',
    values: (t) => ({
      newMembers: [
        ...(Array.isArray(t.members) ? t.members : []),
        { name: '赵敏', unit: String(t.unit ?? ''), title: '一级教师', duty: '课堂实践' },
      ],
    }),
    steps: [{ action: 'submit', label: '提交', to: '1', by: 'leader1' }],
  },
  {
    owner: 'leader1',
    kinds: ['7'],
    values: () => ({ newEndDate: '2028-06-30' }),
    reason: '实验周期需覆盖完整学年',
    steps: [
      { action: 'submit', label: '提交', to: '1', by: 'leader1' },
      { action: 'cityPass', label: '审核通过', to: '2', by: 'city1123', comment: '同意，报省级审核' },
    ],
  },
  {
    owner: 'leader1',
    kinds: ['5'],
    values: (t) => ({ newResearchContent: `${String(t.researchContent ?? '')}\n补充：增加家校协同的案例研究。` }),
    reason: '根据开题专家意见补充研究内容',
    steps: [
      { action: 'submit', label: '提交', to: '1', by: 'leader1' },
      { action: 'cityPass', label: '审核通过', to: '2', by: 'city1123', comment: '同意' },
      { action: 'provincePass', label: '审核通过', to: '3', by: 'province', comment: '同意变更' },
    ],
  },
  {
    owner: 'leader2',
    kinds: ['4'],
    values: (t) => ({ newName: `${String(t.name)}的实践探索` }),
    reason: '题目表述调整',
    steps: [
      { action: 'submit', label: '提交', to: '1', by: 'leader2' },
      { action: 'cityReject', label: '驳回', to: '4', by: 'city1101', comment: '变更理由不充分，请补充说明' },
    ],
  },
  {
    owner: 'leader2',
    kinds: ['10'],
    values: () => ({ newResearchTarget: '形成可推广的区域教研模式。' }),
    reason: '研究目标细化',
    steps: [
      { action: 'submit', label: '提交', to: '1', by: 'leader2' },
      { action: 'revoke', label: '撤回', to: '8', by: 'leader2' },
    ],
  },
];

/**
 * Demo change requests on the demo topics (outside production, once: only while there are none).
 * Written through the module's own rules, so a passed one has changed its topic like a real pass.
 */
export async function seedChangeDemo(ctx: AppContext): Promise<void> {
  if (ctx.config.production) return;
  const kinds = readChangeKinds(ctx.schemas);
  // Seeding runs before the engine makes the entity tables at start-up.
  await syncEntityTables(ctx.database, [kinds.request, kinds.target]);
  const store = KyselyRecordStore.of(ctx.database);
  const any = await store.list(kinds.request, {
    where: { t: 'and', items: [] },
    sort: [{ field: 'id', order: 'asc' }],
    offset: 0,
    limit: 1,
  });
  if (any.total > 0) return;
  const users = await ctx.database.db
    .selectFrom('users')
    .select(['id', 'username', 'real_name'])
    .where('username', 'in', ['leader1', 'leader2', 'city1123', 'city1101', 'province'])
    .execute();
  const roleOf: Record<string, Actor['roleCode']> = {
    leader1: '4',
    leader2: '4',
    city1123: '3',
    city1101: '3',
    province: '2',
  };
  const actors = new Map<string, Actor>(
    users.map((u) => [
      String(u.username),
      { userId: Number(u.id), realName: String(u.real_name ?? u.username), roleCode: roleOf[String(u.username)] },
    ]),
  );
  const { rows: topics } = await store.list(kinds.target, {
    where: { t: 'in', field: 'status', values: kinds.targetStatuses },
    sort: [{ field: 'id', order: 'asc' }],
    offset: 0,
    limit: 500,
  });
  const used = new Set<number>();
  let at = Date.now() - PLAN.length * 3 * 86_400_000;
  for (const item of PLAN) {
    const owner = actors.get(item.owner);
    const topic = topics.find((t) => owner && t.ownerId === owner.userId && !used.has(t.id));
    if (!owner || !topic) continue;
    used.add(topic.id);
    const steps: { record: StoredRecord; step: Parameters<typeof sendLoggedTransitionNotice>[3] }[] = [];
    await store.transaction(async (tx) => {
      at += 86_400_000;
      const record: Record<string, unknown> = {
        topicId: topic.id,
        kinds: item.kinds,
        reason: item.reason,
        ...item.values(topic),
        status: '0',
        auditStatus: '0',
        ownerId: owner.userId,
        createdAt: at,
        updatedAt: at,
        createdBy: owner.userId,
        updatedBy: owner.userId,
      };
      prepareRequest(kinds, record, topic);
      for (const name of Object.keys(kinds.request.fields)) if (!(name in record)) record[name] = null;
      const id = await tx.insert(kinds.request, record as NewStoredRecord);
      const log = (action: string, label: string, from: string | null, to: string, by: Actor, comment: string | null) =>
        tx.log({
          entity: kinds.request.name,
          recordId: id,
          action,
          actionLabel: label,
          fromStatus: from,
          toStatus: to,
          comment,
          userId: by.userId,
          userName: by.realName,
          roleCode: by.roleCode,
          createdAt: at,
        });
      await log('create', '新增', null, '0', owner, null);
      let status = '0';
      let version = 1;
      let current = { ...record, id, version } as StoredRecord;
      for (const step of item.steps) {
        const by = actors.get(step.by)!;
        at += 3_600_000;
        if (step.action === kinds.applyAction) await applyRequest(ctx, kinds, tx, current, by as SessionUser, at);
        // As the workflow's `set`: the city's pass writes its own time; the audit time is the final decision's.
        const audited = !['submit', 'revoke', 'cityPass'].includes(step.action);
        current = {
          ...current,
          status: step.to,
          auditStatus: step.to,
          updatedAt: at,
          updatedBy: by.userId,
          ...(step.action === 'submit' ? { submitTime: formatDateTime(at), auditTime: null, cityAuditTime: null } : {}),
          ...(step.action === 'cityPass' ? { cityAuditTime: formatDateTime(at) } : {}),
          ...(audited ? { auditTime: formatDateTime(at) } : {}),
          ...(step.action === kinds.applyAction ? { appliedAt: formatDateTime(at) } : {}),
        };
        await tx.update(kinds.request, current, version);
        version += 1;
        current.version = version;
        await log(step.action, step.label, status, step.to, by, step.comment ?? null);
        steps.push({
          record: { ...current },
          step: { action: step.action, fromStatus: status, comment: step.comment ?? null, actorId: by.userId },
        });
        status = step.to;
      }
    });
    // The applicant hears of each decision as from the engine (after the transaction: SQLite has one connection).
    for (const { record, step } of steps) await sendLoggedTransitionNotice(ctx, kinds.request.name, record, step);
  }
}

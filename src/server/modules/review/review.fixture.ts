import type { FieldDef } from '../../../shared/schema/types.js';
import type { TestApp } from '../../platform/testing/testApp.js';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';

/**
 * The topic fields of the shared topic contract the review engine reads. The topics module
 * declares them; until its schema holds one, tests declare it here (stored in the record's JSON).
 */
const CONTRACT: Record<string, FieldDef> = {
  unit: { type: 'string', label: '单位名称' },
  subject: { type: 'string', label: '学科分类' },
  leaderIdCard: { type: 'string', label: '负责人身份证号' },
  secondLeader: { type: 'string', label: '第二负责人' },
  members: { type: 'json', label: '课题组成员' },
  applicationDoc: { type: 'files', label: '申请书' },
};

export function ensureTopicContract(t: TestApp): void {
  const topic = t.ctx.schemas.entities.get('topic')!;
  for (const [name, def] of Object.entries(CONTRACT)) if (!topic.fields[name]) topic.fields[name] = def;
}

export async function insertTopic(
  t: TestApp,
  v: {
    name: string;
    leader: string;
    unit: string;
    subject: string;
    areaCode: string;
    status: string;
    members?: Array<{ name: string; unit?: string }>;
    stage?: number;
  },
): Promise<number> {
  const topic = t.ctx.schemas.entities.get('topic')!;
  const owner = await t.ctx.database.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'leader1')
    .executeTakeFirstOrThrow();
  const now = Date.now();
  return KyselyRecordStore.of(t.ctx.database).insert(topic, {
    status: v.status,
    ownerId: Number(owner.id),
    areaCode: v.areaCode,
    createdAt: now,
    updatedAt: now,
    createdBy: Number(owner.id),
    updatedBy: null,
    name: v.name,
    leader: v.leader,
    unit: v.unit,
    subject: v.subject,
    members: v.members ?? [],
    stage: v.stage ?? 1,
  });
}

/** The scoring sheet of the review tests. */
export const criteria = [
  { name: '选题价值', maxScore: 30 },
  { name: '研究设计', maxScore: 40 },
  { name: '研究基础', maxScore: 30 },
];

/** The fields of a batch a save sends back, without the criteria. */
export function batchFields(rec: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const k of [
    'id',
    'version',
    'name',
    'level',
    'stage',
    'targetEntity',
    'startTime',
    'endTime',
    'blind',
    'outOfArea',
    'expertsPerTopic',
    'rule',
    'disagreementThreshold',
    'recommendations',
  ])
    out[k] = rec[k];
  return out;
}

/** Splits a total over the three criteria within their maxima (30, 40, 30). */
export function splitTotal(total: number): Record<string, number> {
  const a = Math.min(30, total);
  const b = Math.min(40, total - a);
  return { 选题价值: a, 研究设计: b, 研究基础: total - a - b };
}

/**
 * Change requests over HTTP, on SQLite and (with DATABASE_URL) PostgreSQL: who may ask, audit and
 * revoke; what a pass does to the topic; what is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import { createTestApp, type TestApp } from '../../testApp.js';

type Headers = Record<string, string>;
let t: TestApp;
let leader1: Headers;
let leader2: Headers;
let city1123: Headers;
let city1101: Headers;
let province: Headers;
let province2: Headers;
let expert1: Headers;

const MEMBERS = [{ name: '王老师', unit: '石家庄市第一中学', title: '一级教师', duty: '核心成员' }];

async function userId(username: string): Promise<number> {
  const u = await t.ctx.database.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return Number(u.id);
}

/** A running topic (approved, opening report due) of a leader, written straight to the store as test set-up. */
async function runningTopic(owner: string, areaCode: string, extra: Record<string, unknown> = {}): Promise<number> {
  const entity = t.ctx.schemas.entities.get('topic')!;
  const now = Date.now();
  const ownerId = await userId(owner);
  const record: Record<string, unknown> = {
    status: '6',
    stage: 2,
    ownerId,
    areaCode,
    createdAt: now,
    updatedAt: now,
    createdBy: ownerId,
    updatedBy: ownerId,
    name: `基于核心素养的课堂教学研究${now % 100000}${Math.random().toString(36).slice(2, 6)}`,
    topicNo: `JK${now % 1000000}`,
    leader: '张明',
    leaderIdCard: '130102198001011234',
    leaderMobile: '13800000001',
    leaderTitle: '高级教师',
    secondLeader: '李华',
    secondLeaderIdCard: '130102198502021234',
    secondLeaderMobile: '13800000002',
    unit: '石家庄市第一中学',
    declareDept: '石家庄市教育局',
    orgCode: '1301001',
    members: MEMBERS,
    researchContent: '原研究内容',
    researchTarget: '原研究目标',
    expectedResult: ['1'],
    endDate: '2027-06-30',
    phases: [{ name: '准备阶段', startDate: '2026-09-01', endDate: '2026-12-31', content: '文献研究' }],
    ...extra,
  };
  for (const name of Object.keys(entity.fields)) if (!(name in record)) record[name] = null;
  return KyselyRecordStore.of(t.ctx.database).insert(entity, record as never);
}

const save = (h: Headers, body: Record<string, unknown>) => t.post('/api/resource/topicChange/save', body, h);
const get = (h: Headers, entity: string, id: number) => t.post(`/api/resource/${entity}/get`, { id }, h);
async function fire(h: Headers, id: number, action: string, comment?: string) {
  const cur = await get(h, 'topicChange', id);
  const version = cur.body.data?.version ?? 1;
  return t.post('/api/resource/topicChange/transition', { id, action, version, ...(comment ? { comment } : {}) }, h);
}
async function request(
  h: Headers,
  topicId: number,
  kinds: string[],
  fields: Record<string, unknown>,
  reason = '研究需要调整',
): Promise<number> {
  const res = await save(h, { topicId, kinds, reason, ...fields });
  expect(res.body.flag, JSON.stringify(res.body)).toBe(true);
  return Number(res.body.data.id);
}
/** A request through city and province audit. */
async function pass(id: number): Promise<void> {
  expect((await fire(leader1, id, 'submit')).body.flag).toBe(true);
  expect((await fire(city1123, id, 'cityPass', '同意')).body.flag).toBe(true);
  const res = await fire(province, id, 'provincePass', '同意');
  expect(res.body.flag, JSON.stringify(res.body)).toBe(true);
}

const noticesOf = async (h: Headers) =>
  (await t.post('/api/notification/list', {}, h)).body.data.list as Record<string, unknown>[];

beforeAll(async () => {
  t = await createTestApp();
  [leader1, leader2, city1123, city1101, province, province2, expert1] = await Promise.all([
    t.loginAs('leader1'),
    t.loginAs('leader2'),
    t.loginAs('city1123'),
    t.loginAs('city1101'),
    t.loginAs('province'),
    t.loginAs('province'),
    t.loginAs('expert1'),
  ]);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('asking for a change', () => {
  it('the server fills the current values, the topic name and area, whatever the client sends', async () => {
    const topicId = await runningTopic('leader1', '1123');
    const res = await save(leader1, {
      topicId,
      kinds: ['4'],
      newName: '新的课题名称',
      oldName: '伪造的原名称',
      reason: '聚焦研究问题',
      areaCode: '1101',
    });
    expect(res.body.flag, JSON.stringify(res.body)).toBe(true);
    const topic = (await get(leader1, 'topic', topicId)).body.data;
    expect(res.body.data).toMatchObject({
      oldName: topic.name,
      newName: '新的课题名称',
      topicName: topic.name,
      areaCode: '1123',
      auditStatus: '0',
    });
  });

  it("only for the leader's own running topic", async () => {
    const other = await runningTopic('leader2', '1101');
    const draft = await runningTopic('leader1', '1123', { status: '0', stage: 1 });
    for (const topicId of [other, draft, 999999]) {
      const res = await save(leader1, { topicId, kinds: ['4'], newName: '任意名称', reason: '原因' });
      expect(res.body.flag).toBe(false);
      expect(JSON.stringify(res.body.data)).toContain('只能对本人在研的课题申请变更');
    }
    expect((await save(expert1, { topicId: other, kinds: ['4'], newName: 'x', reason: 'y' })).status).toBe(403);
  });

  it('a chosen kind must ask for something new; other needs its text', async () => {
    const topicId = await runningTopic('leader1', '1123');
    const topic = (await get(leader1, 'topic', topicId)).body.data;
    const same = await save(leader1, { topicId, kinds: ['4'], newName: topic.name, reason: '原因' });
    expect(JSON.stringify(same.body.data)).toContain('变更后的内容与原内容相同');
    const other = await save(leader1, { topicId, kinds: ['99'], reason: '原因' });
    expect(JSON.stringify(other.body.data)).toContain('请填写其他变更说明');
  });
});

describe('audit paths', () => {
  it('city then province pass; the topic changes and its log shows the diff and the request', async () => {
    const topicId = await runningTopic('leader1', '1123');
    const before = (await get(leader1, 'topic', topicId)).body.data;
    const members = [...MEMBERS, { name: '赵老师', unit: '石家庄市第二中学', title: '二级教师', duty: '成员' }];
    const id = await request(leader1, topicId, ['4', '3'], { newName: '变更后的课题名称', newMembers: members });
    expect((await fire(leader1, id, 'submit')).body.data.auditStatus).toBe('1');
    expect((await fire(city1101, id, 'cityPass')).status).toBe(404);
    expect((await fire(leader1, id, 'cityPass')).body.flag).toBe(false);
    expect((await fire(city1123, id, 'cityPass', '同意')).body.data.auditStatus).toBe('2');
    expect((await fire(city1123, id, 'provincePass')).body.flag).toBe(false);
    const passed = await fire(province, id, 'provincePass', '同意变更');
    expect(passed.body.data).toMatchObject({ auditStatus: '3' });
    expect(passed.body.data.appliedAt).toBeTruthy();
    // The applicant is told in the bell, with the opinion, and the notice opens the request.
    expect((await noticesOf(leader1)).slice(0, 1)).toMatchObject([
      {
        kind: 'topicChangeApproved',
        title: `课题变更申请已通过：${before.name}`,
        body: '审核意见：同意变更',
        link: `/projectManagement/changeList/detail?id=${id}`,
      },
    ]);

    const after = (await get(leader1, 'topic', topicId)).body.data;
    expect(after.name).toBe('变更后的课题名称');
    expect(after.members).toEqual(members);
    const log = (await t.post('/api/resource/topic/log', { id: topicId }, leader1)).body.data as {
      action: string;
      comment: string;
      changes?: { field: string; from: unknown; to: unknown }[];
    }[];
    const row = log.find((r) => r.action === 'change')!;
    expect(row.comment).toContain(`编号${id}`);
    expect(row.changes?.find((c) => c.field === 'name')).toMatchObject({ from: before.name, to: '变更后的课题名称' });
    expect(row.changes?.some((c) => c.field === 'members')).toBe(true);
  });

  it('a refusal at either level needs a comment and rejects; the leader edits and submits again', async () => {
    const topicId = await runningTopic('leader1', '1123');
    const id = await request(leader1, topicId, ['7'], { newEndDate: '2028-06-30' });
    await fire(leader1, id, 'submit');
    expect((await fire(city1123, id, 'cityReject')).body.flag).toBe(false);
    expect((await fire(city1123, id, 'cityReject', '材料不全')).body.data.auditStatus).toBe('4');
    expect((await noticesOf(leader1))[0]).toMatchObject({
      kind: 'topicChangeRejected',
      body: '驳回意见：材料不全',
      link: `/projectManagement/changeList/detail?id=${id}`,
    });
    const cur = (await get(leader1, 'topicChange', id)).body.data;
    expect(
      (await save(leader1, { ...cur, id, version: cur.version, newEndDate: '2028-03-31', reason: '补充材料' })).body
        .flag,
    ).toBe(true);
    expect((await fire(leader1, id, 'submit')).body.data.auditStatus).toBe('1');
    await fire(city1123, id, 'cityPass');
    expect((await fire(province, id, 'provinceReject', '理由不充分')).body.data.auditStatus).toBe('4');
    expect((await noticesOf(leader1))[0]).toMatchObject({
      kind: 'topicChangeRejected',
      body: '驳回意见：理由不充分',
    });
    expect((await get(leader1, 'topic', topicId)).body.data.endDate).toBe('2027-06-30');
  });

  it('the submitter revokes while the request waits at the city or the province (SPEC §4); another leader can neither read nor revoke', async () => {
    const topicId = await runningTopic('leader1', '1123');
    const id = await request(leader1, topicId, ['5'], { newResearchContent: '新的研究内容' });
    await fire(leader1, id, 'submit');
    expect((await get(leader2, 'topicChange', id)).status).toBe(404);
    expect(
      (await t.post('/api/resource/topicChange/transition', { id, action: 'revoke', version: 2 }, leader2)).status,
    ).toBe(404);
    expect((await fire(leader1, id, 'revoke')).body.data.auditStatus).toBe('8');
    await fire(leader1, id, 'submit');
    const atProvince = (await fire(city1123, id, 'cityPass')).body.data;
    // The city's pass is a step on the way, not the audit: its time is the city's own.
    expect(atProvince).toMatchObject({ auditStatus: '2', auditTime: null });
    expect(atProvince.cityAuditTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await get(leader1, 'topicChange', id)).body.data._perm.transitions).toContain('revoke');
    expect((await fire(leader1, id, 'revoke')).body.data.auditStatus).toBe('8');
    await fire(leader1, id, 'submit');
    await fire(city1123, id, 'cityPass');
    const decided = (await fire(province, id, 'provinceReject', '理由不充分')).body.data;
    expect(decided.auditTime).toBeTruthy();
    const refused = await fire(leader1, id, 'revoke');
    expect(refused.body.flag).toBe(false);
    expect((await get(leader1, 'topicChange', id)).body.data.auditStatus).toBe('4');
  });

  it('a second open request of the same kind is refused; another kind is not', async () => {
    const topicId = await runningTopic('leader1', '1123');
    const first = await request(leader1, topicId, ['4'], { newName: '第一次变更名称' });
    await fire(leader1, first, 'submit');
    const second = await request(leader1, topicId, ['4', '10'], {
      newName: '第二次变更名称',
      newResearchTarget: '新目标',
    });
    const refused = await fire(leader1, second, 'submit');
    expect(refused.body.flag).toBe(false);
    expect(JSON.stringify(refused.body)).toContain('已有审核中的');
    const third = await request(leader1, topicId, ['10'], { newResearchTarget: '新目标' });
    expect((await fire(leader1, third, 'submit')).body.flag).toBe(true);
  });

  it("city admins see their city's requests only", async () => {
    const topicId = await runningTopic('leader1', '1123');
    const id = await request(leader1, topicId, ['4'], { newName: '城市范围测试名称' });
    const ids = async (h: Headers) =>
      (
        (await t.post('/api/resource/topicChange/list', { page: 1, pageSize: 100 }, h)).body.data.list as {
          id: number;
        }[]
      ).map((r) => Number(r.id));
    expect(await ids(city1123)).toContain(id);
    expect(await ids(city1101)).not.toContain(id);
    expect(await ids(province)).toContain(id);
    expect(await ids(leader2)).not.toContain(id);
  });
});

describe('applying each kind', () => {
  const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
    [
      '0',
      {
        newLeader: '周新',
        newLeaderIdCard: '13010219900303123X',
        newLeaderMobile: '13900000003',
        newLeaderTitle: '一级教师',
      },
      { leader: '周新', leaderIdCard: '13010219900303123X', leaderMobile: '13900000003', leaderTitle: '一级教师' },
    ],
    [
      '1',
      { newSecondLeader: '吴敏', newSecondLeaderIdCard: '130102199104041234', newSecondLeaderMobile: '13900000004' },
      { secondLeader: '吴敏' },
    ],
    [
      '2',
      { newUnit: '石家庄市第二中学', newDeclareDept: '石家庄市教育局', newOrgCode: '91130102MA0ABCDE12' },
      { unit: '石家庄市第二中学', orgCode: '91130102MA0ABCDE12' },
    ],
    [
      '3',
      { newMembers: [{ name: '郑老师', unit: '石家庄市第三中学', title: '高级教师', duty: '成员' }] },
      { members: [{ name: '郑老师', unit: '石家庄市第三中学', title: '高级教师', duty: '成员' }] },
    ],
    ['4', { newName: '按种类变更的名称' }, { name: '按种类变更的名称' }],
    ['5', { newResearchContent: '新的研究内容' }, { researchContent: '新的研究内容' }],
    ['10', { newResearchTarget: '新的研究目标' }, { researchTarget: '新的研究目标' }],
    ['6', { newExpectedResult: ['2'] }, { expectedResult: ['2'] }],
    ['7', { newEndDate: '2028-12-31' }, { endDate: '2028-12-31' }],
    [
      '9',
      { newPhases: [{ name: '实施阶段', startDate: '2027-01-01', endDate: '2027-12-31', content: '课堂实践' }] },
      { phases: [{ name: '实施阶段', startDate: '2027-01-01', endDate: '2027-12-31', content: '课堂实践' }] },
    ],
    ['99', { otherContent: '调整课题组分工' }, {}],
  ];
  for (const [kind, fields, expected] of cases) {
    it(`kind ${kind}`, async () => {
      const topicId = await runningTopic('leader1', '1123');
      const before = (await get(leader1, 'topic', topicId)).body.data;
      const id = await request(leader1, topicId, [kind], fields);
      await pass(id);
      const after = (await get(leader1, 'topic', topicId)).body.data;
      expect(after).toMatchObject(expected);
      if (kind === '99') expect(after.version).toBe(before.version);
    });
  }

  it('kind 8 (stop) revokes the topic (24)', async () => {
    const topicId = await runningTopic('leader1', '1123');
    const id = await request(leader1, topicId, ['8'], {}, '研究条件发生变化，申请终止');
    await pass(id);
    expect((await get(leader1, 'topic', topicId)).body.data.status).toBe('24');
    const later = await save(leader1, { topicId, kinds: ['4'], newName: '终止后不能再变更', reason: '原因' });
    expect(JSON.stringify(later.body.data)).toContain('只能对本人在研的课题申请变更');
  });
});

describe('concurrency', () => {
  it('two province admins passing at once apply the change once', async () => {
    const topicId = await runningTopic('leader1', '1123');
    const id = await request(leader1, topicId, ['4'], { newName: '并发审核的名称' });
    await fire(leader1, id, 'submit');
    await fire(city1123, id, 'cityPass');
    const version = (await get(province, 'topicChange', id)).body.data.version;
    const results = await Promise.all(
      [province, province2].map((h) =>
        t.post('/api/resource/topicChange/transition', { id, action: 'provincePass', version }, h),
      ),
    );
    expect(results.filter((r) => r.body.flag).length).toBe(1);
    const log = (await t.post('/api/resource/topic/log', { id: topicId }, province)).body.data as { action: string }[];
    expect(log.filter((r) => r.action === 'change').length).toBe(1);
  });
});

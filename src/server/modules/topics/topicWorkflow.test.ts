import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDef, WorkflowDef } from '../../../shared/schema/types.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import type { StoredRecord } from '../../platform/records/RecordStore.js';
import { createTestApp, type TestApp } from '../../testApp.js';
import { fireAsSystem } from '../../platform/workflow/engine.js';
import { availableActions, pickTransition, targetOf } from '../../platform/records/transitions.js';
import { attachReport, newTopic as saveTopic, publishNotice, STAGE_REPORTS } from './topics.fixture.js';

const workflow: WorkflowDef = JSON.parse(fs.readFileSync(path.resolve('schemas/workflows/topic.json'), 'utf8'));
const entity: EntityDef = JSON.parse(fs.readFileSync(path.resolve('schemas/entities/topic.json'), 'utf8'));

const CITY = ['2', '7', '11', '31', '16'];
const PROVINCE = ['4', '8', '13', '33', '79'];

function user(over: Partial<SessionUser>): SessionUser {
  return {
    userId: 10,
    username: 'u',
    realName: 'u',
    roleCode: '4',
    roles: ['4'],
    areaCode: '1123',
    orgName: null,
    subSystemId: null,
    isAdmin: false,
    tokenHash: '',
    csrfToken: '',
    ...over,
  };
}
function record(status: string, areaCode: string, ownerId = 10): StoredRecord {
  return {
    id: 1,
    version: 1,
    status,
    ownerId,
    areaCode,
    createdAt: 0,
    updatedAt: 0,
    createdBy: ownerId,
    updatedBy: ownerId,
    name: '课题',
    leader: '张老师',
    stage: 1,
  };
}

describe('topic workflow: the revocation rule (SPEC §4)', () => {
  const submitter = user({ userId: 10 });

  it('lets the submitter revoke from every city status, in any area', () => {
    for (const area of ['1123', '1101'])
      for (const s of CITY) {
        expect(pickTransition(workflow, entity, 'revoke', record(s, area), submitter), `${s} ${area}`).not.toBeNull();
      }
  });

  it('lets the submitter revoke from a province status only for area 1123', () => {
    for (const s of PROVINCE) {
      expect(pickTransition(workflow, entity, 'revoke', record(s, '1123'), submitter), `${s} 1123`).not.toBeNull();
      expect(pickTransition(workflow, entity, 'revoke', record(s, '1101'), submitter), `${s} 1101`).toBeNull();
      expect(availableActions(workflow, entity, record(s, '1101'), submitter)).not.toContain('revoke');
    }
  });

  it('never lets anyone revoke from other statuses, nor others than the submitter', () => {
    const others = workflow.statuses.map((s) => s.code).filter((c) => !CITY.includes(c) && !PROVINCE.includes(c));
    for (const s of others)
      expect(pickTransition(workflow, entity, 'revoke', record(s, '1123'), submitter), s).toBeNull();
    expect(pickTransition(workflow, entity, 'revoke', record('2', '1123', 99), submitter)).toBeNull();
    expect(
      pickTransition(workflow, entity, 'revoke', record('2', '1123'), user({ roleCode: '3', roles: ['3'] })),
    ).toBeNull();
  });

  it("goes back to the stage's editable status", () => {
    const t = pickTransition(workflow, entity, 'revoke', record('2', '1123'), submitter)!;
    const expected: Record<string, string> = {
      2: '0',
      4: '0',
      7: '6',
      8: '6',
      11: '9',
      13: '9',
      31: '29',
      33: '29',
      16: '14',
      79: '14',
    };
    for (const [from, to] of Object.entries(expected)) expect(targetOf(t, from), from).toBe(to);
  });

  it('has every status of SPEC §4 with a Chinese label, and system-only expire and withdraw', () => {
    const codes = [
      '0',
      '1',
      '2',
      '902',
      '4',
      '904',
      '53',
      '6',
      // Not in SPEC §4: 开题报告市级评审中, the 开题 stage's city expert review like 10, 30 and 15.
      '5',
      '7',
      '907',
      '8',
      '9',
      '10',
      '11',
      '911',
      '13',
      '29',
      '30',
      '31',
      '931',
      '33',
      '14',
      '15',
      '16',
      '916',
      '79',
      '979',
      '18',
      '24',
      '28',
      '34',
    ];
    expect(workflow.statuses.map((s) => s.code).sort()).toEqual([...codes].sort());
    for (const s of workflow.statuses) expect(s.label).toMatch(/[\u4e00-\u9fa5]/);
    for (const action of ['expire', 'withdraw']) {
      const ts = workflow.transitions.filter((t) => t.action === action);
      expect(ts.length).toBeGreaterThan(0);
      expect(ts.every((t) => t.actor === 'system' && t.roles.length === 0)).toBe(true);
    }
    const withdraw = workflow.transitions.find((t) => t.action === 'withdraw')!;
    expect(withdraw.to).toBe('24');
    expect(withdraw.from).not.toContain('18');
  });
});

describe('topic workflow through the engine (HTTP)', () => {
  let t: TestApp;
  const T = '/api/resource/topic';
  type H = Record<string, string>;
  let leader1: H, leader2: H, city1123: H, city1101: H, province: H;
  let noticeId: number;
  beforeAll(async () => {
    t = await createTestApp();
    [leader1, leader2, city1123, city1101, province] = await Promise.all(
      ['leader1', 'leader2', 'city1123', 'city1101', 'province'].map((u) => t.loginAs(u)),
    );
    // Applications name an open stage-1 notice; the later stages' submits need their notices open too.
    for (const stage of [2, 3, 4, 5]) await publishNotice(t, province, { stage });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function fire(h: H, rec: { id: number; version: number }, action: string, comment?: string) {
    const res = await t.post(`${T}/transition`, { subAct: 'a', id: rec.id, version: rec.version, action, comment }, h);
    return res;
  }
  async function step(h: H, rec: { id: number; version: number }, action: string, comment?: string) {
    const res = await fire(h, rec, action, comment);
    expect(res.status, `${action}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data;
  }
  async function newTopic(h: H, name: string) {
    // One application per leader per notice: each topic here gets its own stage-1 notice.
    noticeId = (await publishNotice(t, province, { stage: 1 })).id;
    return saveTopic(t, h, noticeId, name);
  }

  it('revokes at province only in area 1123: leader1 (1123) may, leader2 (1101) may not', async () => {
    let a = await newTopic(leader1, '1123课题');
    expect(a).toMatchObject({ status: '0', areaCode: '1123', stage: 1 });
    a = await step(leader1, a, 'submit');
    expect(a._perm.transitions).toContain('revoke');
    a = await step(city1123, a, 'cityApprove');
    expect(a.status).toBe('4');
    const seen = await t.post(`${T}/get`, { subAct: 'a', id: a.id }, leader1);
    expect(seen.body.data._perm.transitions).toEqual(['revoke']);
    a = await step(leader1, a, 'revoke');
    expect(a.status).toBe('0');

    let b = await newTopic(leader2, '1101课题');
    b = await step(leader2, b, 'submit');
    b = await step(city1101, b, 'cityApprove');
    const seenB = await t.post(`${T}/get`, { subAct: 'a', id: b.id }, leader2);
    expect(seenB.body.data._perm.transitions).not.toContain('revoke');
    const refused = await fire(leader2, b, 'revoke');
    expect(refused.status).toBe(403);
    expect(refused.body.result).toBe('当前状态不能执行该操作');
    // The city admin of another city cannot even see it.
    expect((await fire(city1123, b, 'cityReturn', '退回')).status).toBe(404);
  });

  it('walks a topic through all five stages to 已结题, remembering the stage, with comments where required', async () => {
    let r = await newTopic(leader1, '全流程课题');
    const path: string[] = [r.status];
    const go = async (h: H, action: string, comment?: string) => {
      // A stage's submit needs its report (topic.json `requires`): the leader uploads it first, once.
      const report = STAGE_REPORTS[r.stage - 2];
      if (action === 'submit' && report && !r[report]?.length) {
        const bare = await fire(h, r, 'submit');
        expect([bare.status, bare.body.data?.[0]?.field]).toEqual([400, report]);
        r = await attachReport(t, h, r, report);
      }
      r = await step(h, r, action, comment);
      path.push(r.status);
    };
    await go(leader1, 'submit');
    await go(city1123, 'sendCityReview');
    await go(city1123, 'endCityReview');
    expect((await fire(city1123, r, 'cityReturn')).status).toBe(400);
    await go(city1123, 'cityReturn', '请补充材料');
    await go(leader1, 'submit');
    await go(city1123, 'cityApprove');
    await go(province, 'provinceApprove');
    await go(province, 'provinceApprove');
    expect(r.stage).toBe(2);
    await go(leader1, 'submit');
    await go(city1123, 'cityApprove');
    await go(province, 'provinceReturn', '开题报告需修改');
    expect(r).toMatchObject({ status: '28', stage: 2 });
    await go(leader1, 'submit');
    expect(r.status).toBe('7');
    await go(city1123, 'cityApprove');
    await go(province, 'provinceApprove');
    await go(leader1, 'submit');
    await go(city1123, 'cityApprove');
    await go(province, 'provinceApprove');
    await go(leader1, 'submit');
    await go(city1123, 'cityApprove');
    await go(province, 'provinceApprove');
    await go(leader1, 'submit');
    await go(city1123, 'cityApprove');
    await go(province, 'provinceApprove');
    expect(path).toEqual([
      '0',
      '2',
      '1',
      '2',
      '902',
      '2',
      '4',
      '53',
      '6',
      '7',
      '8',
      '28',
      '7',
      '8',
      '9',
      '11',
      '13',
      '29',
      '31',
      '33',
      '14',
      '16',
      '79',
      '18',
    ]);
    expect(r.stage).toBe(5);
    expect(r._perm.transitions).toEqual([]);
    const log = await t.post(`${T}/log`, { subAct: 'a', id: r.id }, province);
    // One entry per status on the path, and one per stage report saved before its submit.
    expect(log.body.data).toHaveLength(path.length + STAGE_REPORTS.length);
    expect(log.body.data.find((l: any) => l.action === 'cityReturn')).toMatchObject({
      comment: '请补充材料',
      fromStatus: '2',
      toStatus: '902',
      roleCode: '3',
    });
  });

  it('fires expire and withdraw only as the system', async () => {
    const r = await newTopic(leader1, '过期课题');
    expect((await fire(leader1, r, 'expire')).status).toBe(403);
    expect((await fire(province, r, 'withdraw')).status).toBe(403);
    const expired = await fireAsSystem(t.ctx, { entity: 'topic', id: r.id, action: 'expire' });
    expect(expired.status).toBe('34');
    const withdrawn = await fireAsSystem(t.ctx, {
      entity: 'topic',
      id: r.id,
      action: 'withdraw',
      comment: '变更申请：终止',
    });
    expect(withdrawn.status).toBe('24');
    const log = await t.post(`${T}/log`, { subAct: 'a', id: r.id }, leader1);
    expect(log.body.data.slice(-2).map((l: any) => [l.action, l.userName])).toEqual([
      ['expire', '系统'],
      ['withdraw', '系统'],
    ]);
    await expect(fireAsSystem(t.ctx, { entity: 'topic', id: r.id, action: 'expire' })).rejects.toThrow(
      '当前状态不能执行该操作',
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { PROPOSAL_MESSAGES } from './proposals.js';
import { ROLE_NAMES } from '../../../shared/roles.js';
import { newTopic, publishNotice } from '../topics/topics.fixture.js';

/**
 * Access changes are their own privilege: an analyst's change of who may read is a proposal with
 * its diff in numbers (per role and account, against the stored data), published only when a super
 * admin other than the proposer approves; a rollback of it is a proposal too; every step is logged.
 */
let t: TestApp;
type H = Record<string, string>;
let analyst: H;
let admin: H;
let leader1: H;

beforeAll(async () => {
  t = await createTestApp();
  analyst = await t.loginAs('analyst1');
  admin = await t.loginAs('admin');
  leader1 = await t.loginAs('leader1');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const topicsOf = async (h: H) =>
  (await t.post('/api/resource/topic/list', { subAct: 'a', page: 1, pageSize: 10 }, h)).body.data.total as number;

async function wideTopicRead(): Promise<string> {
  const got = await t.post('/api/studio/get', { key: 'entities/topic' }, analyst);
  const entity = JSON.parse(got.body.data.content);
  entity.access.read = [
    { roles: ['1', '2', '4'], scope: 'all' },
    { roles: ['3'], scope: 'city' },
    { roles: ['5'], scope: 'own' },
  ];
  return JSON.stringify(entity);
}

describe('access changes', () => {
  it('turns a wider read rule into a proposal with the diff in numbers; only another super admin publishes it', async () => {
    // A topic of another leader, so a wider rule shows leader1 more.
    const leader2 = await t.loginAs('leader2');
    await newTopic(t, leader2, (await publishNotice(t, await t.loginAs('province'))).id, '另一负责人的课题');
    const before = await topicsOf(leader1);
    const res = await t.post(
      '/api/studio/publish',
      { key: 'entities/topic', content: await wideTopicRead(), reason: '负责人可查看本地区课题' },
      analyst,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toBe(PROPOSAL_MESSAGES.proposed);
    const proposalId = res.body.data.proposalId as number;
    expect(proposalId).toBeGreaterThan(0);
    // Nothing published yet.
    expect(await topicsOf(leader1)).toBe(before);
    expect((await t.post('/api/studio/get', { key: 'entities/topic' }, analyst)).body.data.versions).toEqual([]);

    const list = await t.post('/api/studio/proposals', { status: 'pending' }, analyst);
    const p = list.body.data.items.find((x: { id: number }) => x.id === proposalId);
    expect(p).toMatchObject({ key: 'entities/topic', reason: '负责人可查看本地区课题', proposedByName: '孙分析' });
    expect(p.accessChanges.length).toBeGreaterThan(0);
    const leaders = p.accessDiff.roles.find(
      (r: { right: string; role: string }) => r.right === 'read' && r.role === '4',
    );
    expect(leaders.roleName).toBe(ROLE_NAMES['4']);
    const mine = [...leaders.samples, ...leaders.biggest].find((a: { username: string }) => a.username === 'leader1');
    expect(mine.before).toBe(before);
    expect(mine.after).toBeGreaterThan(before);

    // Neither the analyst nor the proposer decides.
    expect((await t.post('/api/studio/approve', { id: proposalId }, analyst)).status).toBe(403);
    const approved = await t.post('/api/studio/approve', { id: proposalId, comment: '同意' }, admin);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await topicsOf(leader1)).toBe(mine.after);
    expect((await t.post('/api/studio/approve', { id: proposalId }, admin)).status).toBe(409);

    // A rollback of it is an access change again: a proposal, until approved.
    const versions = (await t.post('/api/studio/get', { key: 'entities/topic' }, analyst)).body.data.versions;
    const file = versions.find((v: { action: string }) => v.action === 'file');
    const back = await t.post('/api/studio/rollback', { versionId: file.id }, analyst);
    expect(back.body.data.proposalId).toBeGreaterThan(0);
    expect(await topicsOf(leader1)).toBe(mine.after);
    expect((await t.post('/api/studio/approve', { id: back.body.data.proposalId }, admin)).status).toBe(200);
    expect(await topicsOf(leader1)).toBe(before);

    const log = await t.ctx.database.db
      .selectFrom('operation_log')
      .select(['action', 'user_name'])
      .where('entity', '=', 'schema')
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.action)).toEqual(['propose', 'publish', 'approve', 'propose', 'rollback', 'approve']);
  });

  it("keeps an analyst's read access to accounts a proposal; a super admin cannot approve their own", async () => {
    const got = await t.post('/api/studio/get', { key: 'entities/user' }, analyst);
    const entity = JSON.parse(got.body.data.content);
    entity.access.read = [...entity.access.read, { roles: ['6'], scope: 'all' }];
    const res = await t.post(
      '/api/studio/publish',
      { key: 'entities/user', content: JSON.stringify(entity), reason: '配置管理员查看账号' },
      analyst,
    );
    expect(res.body.data.proposalId).toBeGreaterThan(0);
    expect((await t.post('/api/resource/user/list', { subAct: 'a', page: 1, pageSize: 10 }, analyst)).status).toBe(403);
    const rejected = await t.post('/api/studio/reject', { id: res.body.data.proposalId, comment: '不需要' }, admin);
    expect(rejected.status).toBe(200);
    expect((await t.post('/api/studio/proposals', { status: 'rejected' }, admin)).body.data.items[0]).toMatchObject({
      id: res.body.data.proposalId,
      decisionComment: '不需要',
      decidedByName: expect.any(String),
    });

    const own = await t.post(
      '/api/studio/publish',
      { key: 'entities/user', content: JSON.stringify(entity), reason: '自己提出' },
      admin,
    );
    const refused = await t.post('/api/studio/approve', { id: own.body.data.proposalId }, admin);
    expect(refused.status).toBe(403);
    expect(refused.body.result).toBe(PROPOSAL_MESSAGES.ownProposal);
  });

  it('publishes a change that touches no access at once', async () => {
    const got = await t.post('/api/studio/get', { key: 'entities/topic' }, analyst);
    const entity = JSON.parse(got.body.data.content);
    entity.fields.name.label = '课题名称（全称）';
    const res = await t.post(
      '/api/studio/publish',
      { key: 'entities/topic', content: JSON.stringify(entity), reason: '改名称' },
      analyst,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.proposalId).toBeUndefined();
    expect(res.body.data.id).toBeGreaterThan(0);
  });
});

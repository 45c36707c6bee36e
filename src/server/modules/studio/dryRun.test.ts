import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { newTopic, publishNotice } from '../topics/topics.fixture.js';

/**
 * The dry run of a change against the stored records: a newly required field counted per status
 * (drafts judged by requiredOn), a smaller maxLength counted, the report shown before the publish,
 * the publish refused until it is confirmed, and the confirmed report kept in the publish's log.
 */
let t: TestApp;
type H = Record<string, string>;
let analyst: H;
const KEY = 'entities/topic';

beforeAll(async () => {
  t = await createTestApp();
  analyst = await t.loginAs('analyst1');
  const leader1 = await t.loginAs('leader1');
  // A draft to be judged by requiredOn, and a submitted application judged as a save there would be.
  const province = await t.loginAs('province');
  await newTopic(t, leader1, (await publishNotice(t, province)).id, '试运行的草稿');
  const sent = await newTopic(t, leader1, (await publishNotice(t, province)).id, '试运行的申报');
  const submitted = await t.post(
    '/api/resource/topic/transition',
    { subAct: 'a', id: sent.id, version: sent.version, action: 'submit' },
    leader1,
  );
  if (submitted.status !== 200) throw new Error(JSON.stringify(submitted.body));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function topicWith(change: (e: any) => void): Promise<string> {
  const got = await t.post('/api/studio/get', { key: KEY }, analyst);
  const entity = JSON.parse(got.body.data.content);
  change(entity);
  return JSON.stringify(entity);
}

const partner = (def: Record<string, unknown>) => (e: any) => {
  e.fields.partnerUnit = { type: 'string', label: '走查合作单位', maxLength: 50, required: true, ...def };
};

async function byStatus(): Promise<{ total: number; drafts: number }> {
  const rows = await sql<{
    status: string;
    n: number;
  }>`select status, count(*) as n from rec_topic group by status`.execute(t.ctx.database.db);
  const total = rows.rows.reduce((n, r) => n + Number(r.n), 0);
  const drafts = rows.rows.filter((r) => r.status === '0').reduce((n, r) => n + Number(r.n), 0);
  return { total, drafts };
}

describe('dry run of a change against stored records', () => {
  it('counts the records a new required field would refuse, per status, drafts included', async () => {
    const { total, drafts } = await byStatus();
    expect(drafts).toBeGreaterThan(0);
    const res = await t.post('/api/studio/dryRun', { key: KEY, content: await topicWith(partner({})) }, analyst);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.problems).toEqual([]);
    const [missing] = res.body.data.impact;
    expect(missing).toMatchObject({ entity: 'topic', what: 'missing', name: 'partnerUnit', records: total });
    expect(missing.message).toMatch(new RegExp(`^${total} 条课题缺少走查合作单位，其中草稿 ${drafts} 条（`));
    expect(missing.byStatus).toEqual(expect.arrayContaining([expect.objectContaining({ label: '草稿', draft: true })]));
  });

  it('lets drafts off a field required only on submit, and says they must fill it to submit', async () => {
    const { total, drafts } = await byStatus();
    const content = await topicWith(partner({ requiredOn: 'submit' }));
    const [missing] = (await t.post('/api/studio/dryRun', { key: KEY, content }, analyst)).body.data.impact;
    expect(missing.records).toBe(total - drafts);
    expect(missing.byStatus.some((s: { draft: boolean }) => s.draft)).toBe(false);
    expect(missing.message).toContain(`另有草稿 ${drafts} 条可暂不填写，提交时须补填`);
  });

  it('counts texts longer than a smaller maxLength, and reports nothing for an unchanged file', async () => {
    const shorter = await topicWith((e) => (e.fields.name.maxLength = 2));
    const impact = (await t.post('/api/studio/dryRun', { key: KEY, content: shorter }, analyst)).body.data.impact;
    expect(impact).toEqual([expect.objectContaining({ what: 'tooLong', name: 'name', records: expect.any(Number) })]);
    expect(impact[0].records).toBeGreaterThan(0);
    const same = await t.post('/api/studio/dryRun', { key: KEY, content: await topicWith(() => {}) }, analyst);
    expect(same.body.data.impact).toEqual([]);
  });

  it('answers the checker’s problems instead of running a set that does not pass', async () => {
    const bad = await topicWith((e) => (e.fields.partnerUnit = { type: 'nothing' }));
    const res = await t.post('/api/studio/dryRun', { key: KEY, content: bad }, analyst);
    expect(res.status).toBe(200);
    expect(res.body.data.problems.length).toBeGreaterThan(0);
    expect(res.body.data.impact).toEqual([]);
  });

  it('refuses the publish until the report is confirmed, and logs the confirmed report with the publish', async () => {
    const content = await topicWith(partner({}));
    const refused = await t.post('/api/studio/publish', { key: KEY, content, reason: '增加走查合作单位' }, analyst);
    expect(refused.status).toBe(400);
    expect(refused.body.result).toContain('此修改影响已存数据');
    expect(refused.body.data.orphans[0]).toMatchObject({ what: 'missing', name: 'partnerUnit' });
    const versions = await t.post('/api/studio/get', { key: KEY }, analyst);
    expect(versions.body.data.versions).toEqual([]);

    const done = await t.post(
      '/api/studio/publish',
      { key: KEY, content, reason: '增加走查合作单位', confirm: true },
      analyst,
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const log = await t.ctx.database.db
      .selectFrom('operation_log')
      .selectAll()
      .where('entity', '=', 'schema')
      .where('record_id', '=', done.body.data.id)
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ action: 'publish', user_name: expect.any(String) });
    expect(Number(log.created_at)).toBeGreaterThan(0);
    expect(log.comment).toMatch(/已确认对已存数据的影响：\d+ 条课题缺少走查合作单位/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { newTopic, publishNotice } from '../topics/topics.fixture.js';
import { entityTables } from '../../platform/db/tables.js';

/**
 * The dry run of a kept field whose constraints change: a new or changed pattern, a raised minimum,
 * a lowered maximum, another dictionary with fewer options and another type each count the stored
 * records the new definition refuses where the old took them, per status with drafts apart; the
 * counts are checked against the stored rows read here, not against the code's own query.
 */
let t: TestApp;
let analyst: Record<string, string>;
const KEY = 'entities/topic';
type Row = { status: string; values: Record<string, unknown> };
let rows: Row[];

beforeAll(async () => {
  t = await createTestApp();
  analyst = await t.loginAs('analyst1');
  const leader1 = await t.loginAs('leader1');
  const province = await t.loginAs('province');
  // Drafts and submitted applications, one per notice, with values the changed rules tell apart.
  const made = [
    { leader: '张明', leaderMobile: '13912345678', subject: '3', submit: false },
    { leader: '李强', leaderMobile: '13812345678', subject: '10', submit: false },
    { leader: '王五', leaderMobile: '13712345678', subject: '11', submit: true },
    { leader: '张华', leaderMobile: '13912345670', subject: '2', submit: true },
  ];
  for (const [i, { submit, ...values }] of made.entries()) {
    const rec = await newTopic(t, leader1, (await publishNotice(t, province)).id, `规则试运行${i}`, values);
    if (!submit) continue;
    const sent = await t.post(
      '/api/resource/topic/transition',
      { subAct: 'a', id: rec.id, version: rec.version, action: 'submit' },
      leader1,
    );
    if (sent.status !== 200) throw new Error(JSON.stringify(sent.body));
  }
  const stored = await entityTables(t.ctx.database.db).selectFrom('rec_topic').selectAll().execute();
  rows = stored.map((r: Record<string, unknown>) => {
    const data = typeof r.data === 'string' ? JSON.parse(r.data) : (r.data ?? {});
    // Fields kept in their own column are named in snake case there (notice_id).
    const columns = Object.entries(r).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), v]);
    return { status: String(r.status), values: { ...data, ...Object.fromEntries(columns) } };
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function dryRun(change: (e: any) => void) {
  const got = await t.post('/api/studio/get', { key: KEY }, analyst);
  const entity = JSON.parse(got.body.data.content);
  change(entity);
  const res = await t.post('/api/studio/dryRun', { key: KEY, content: JSON.stringify(entity) }, analyst);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data.problems).toEqual([]);
  return res.body.data.impact as { what: string; name: string; records: number; message: string; byStatus: any[] }[];
}

const filled = (v: unknown) => v !== null && v !== undefined && v !== '';
/** The stored rows with a value the test's own judgement refuses, and how many of them are drafts. */
function refused(field: string, bad: (v: unknown) => boolean) {
  const hit = rows.filter((r) => filled(r.values[field]) && bad(r.values[field]));
  return { total: hit.length, drafts: hit.filter((r) => r.status === '0').length };
}

describe('dry run of changed constraints on kept fields', () => {
  it('counts the values a changed pattern refuses, per status with drafts apart', async () => {
    const want = refused('leaderMobile', (v) => !/^139/.test(String(v)));
    expect(want.total).toBeGreaterThan(0);
    expect(want.drafts).toBeGreaterThan(0);
    const impact = await dryRun((e) => (e.fields.leaderMobile.pattern = '^139[0-9]{8}$'));
    expect(impact).toEqual([expect.objectContaining({ what: 'invalid', name: 'leaderMobile', records: want.total })]);
    expect(impact[0].message).toMatch(new RegExp(`^${want.total} 条课题的负责人手机号?不符合修改后的规则（格式）`));
    expect(impact[0].message).toContain(`其中草稿 ${want.drafts} 条`);
    expect(impact[0].byStatus.filter((s) => s.draft).reduce((n, s) => n + s.records, 0)).toBe(want.drafts);
  });

  it('counts the values a new pattern refuses on a field that had none', async () => {
    const want = refused('leader', (v) => !/^张/.test(String(v)));
    expect(want.total).toBeGreaterThan(0);
    const impact = await dryRun((e) => (e.fields.leader.pattern = '^张'));
    expect(impact).toEqual([expect.objectContaining({ what: 'invalid', name: 'leader', records: want.total })]);
  });

  it('counts numbers under a raised minimum and over a lowered maximum, naming the change', async () => {
    const ids = [...new Set(rows.map((r) => Number(r.values.noticeId)))].sort((a, b) => a - b);
    expect(ids.length).toBe(4);
    const low = refused('noticeId', (v) => Number(v) < ids[2]);
    expect(low.total).toBeGreaterThan(0);
    const raised = await dryRun((e) => (e.fields.noticeId.minimum = ids[2]));
    expect(raised).toEqual([expect.objectContaining({ what: 'invalid', name: 'noticeId', records: low.total })]);
    expect(raised[0].message).toContain(`最小值 1 → ${ids[2]}`);
    const high = refused('noticeId', (v) => Number(v) > ids[1]);
    expect(high.total).toBeGreaterThan(0);
    const lowered = await dryRun((e) => (e.fields.noticeId.maximum = ids[1]));
    expect(lowered).toEqual([expect.objectContaining({ name: 'noticeId', records: high.total })]);
    expect(lowered[0].message).toContain(`最大值 无 → ${ids[1]}`);
  });

  it('counts values a smaller dictionary lacks, and every value another type cannot read', async () => {
    const research = new Set(t.ctx.schemas.dictionaries.get('yjly')!.options.map((o) => String(o.value)));
    const outside = refused('subject', (v) => !research.has(String(v)));
    expect(outside.total).toBeGreaterThan(0);
    const shrunk = await dryRun((e) => (e.fields.subject.dict = 'yjly'));
    expect(shrunk).toEqual([expect.objectContaining({ what: 'invalid', name: 'subject', records: outside.total })]);
    expect(shrunk[0].message).toContain('字典 xkfl → yjly');

    const names = refused('leader', (v) => !/^-?\d+(\.\d+)?$/.test(String(v)));
    const typed = await dryRun((e) => (e.fields.leader.type = 'integer'));
    expect(typed).toEqual([expect.objectContaining({ what: 'invalid', name: 'leader', records: names.total })]);
    expect(typed[0].message).toContain('类型 string → integer');
  });

  it('reports nothing when a constraint only loosens', async () => {
    const impact = await dryRun((e) => {
      e.fields.noticeId.minimum = 0;
      delete e.fields.leaderMobile.pattern;
    });
    expect(impact).toEqual([]);
  });
});

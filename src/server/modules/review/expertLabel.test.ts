/**
 * 评审列表 says whose review each row is: the expert's name, or 专家N in a blind batch for all but
 * the expert themselves, numbered as 排名与决定 numbers them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import { createTestApp, type TestApp } from '../../testApp.js';

type H = Record<string, string>;
type Row = Record<string, any>;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
});
afterAll(async () => {
  await t?.close();
});

async function rowsOf(h: H): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const r = await t.post('/api/resource/review/list', { pageSize: 100, page }, h);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    rows.push(...(r.body.data.list as Row[]));
    if (rows.length >= Number(r.body.data.total) || !r.body.data.list.length) return rows;
  }
}

/** The rows of each topic in each batch, grouped. */
function byTopic(rows: Row[]): Row[][] {
  const groups = new Map<string, Row[]>();
  for (const r of rows)
    groups.set(`${r.batchId}:${r.targetId}`, [...(groups.get(`${r.batchId}:${r.targetId}`) ?? []), r]);
  return [...groups.values()];
}

describe('评审专家 in 评审列表', () => {
  it('province reads 专家N in a blind batch, distinct per topic and the same as 排名与决定', async () => {
    const province = await t.loginAs('province');
    const rows = await rowsOf(province);
    const blind = rows.filter((r) => r.expertLabel && /^专家\d+$/.test(r.expertLabel));
    expect(blind.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.expertLabel, `${r.targetName}`).toBeTruthy();
    for (const group of byTopic(blind)) {
      const labels = group.map((r) => r.expertLabel);
      expect(new Set(labels).size, labels.join(',')).toBe(labels.length);
      for (const r of group) expect(r.expertLabel).not.toBe(r.expertName);
    }
    // The ranking of one blind batch: each expert's number carries the score the list shows for it.
    const sample = blind.find((r) => r.status === '2')!;
    const ranked = await t.post('/api/review/ranking', { batchId: sample.batchId }, province);
    expect(ranked.status, JSON.stringify(ranked.body)).toBe(200);
    const line = (ranked.body.data.rows as Row[]).find((x) => x.targetId === sample.targetId)!;
    const expert = (line.experts as Row[]).find((e) => e.name === sample.expertLabel)!;
    expect(expert, JSON.stringify(line.experts)).toBeTruthy();
    expect(expert.total).toBe(sample.total);
  });

  it('an expert reads their own name on their own rows, even in a blind batch', async () => {
    const rows = await rowsOf(await t.loginAs('expert1'));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.expertLabel).toBe(r.expertName);
  });

  it('a batch that is not blind names its experts to the organiser', async () => {
    const province = await t.loginAs('province');
    const [first] = (await rowsOf(province)).filter((r) => /^专家\d+$/.test(r.expertLabel));
    const def = t.ctx.schemas.entities.get('reviewBatch')!;
    const store = KyselyRecordStore.of(t.ctx.database);
    const batch = (await store.get(def, Number(first!.batchId)))!;
    await store.update(def, { ...batch, blind: false }, batch.version);
    const after = (await rowsOf(province)).filter((r) => r.batchId === first!.batchId);
    expect(after.length).toBeGreaterThan(0);
    for (const r of after) expect(r.expertLabel).toBe(r.expertName);
    expect(after.map((r) => r.expertLabel)).toContain(first!.expertName);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import { criteria, ensureTopicContract, insertTopic } from './review.fixture.js';

type H = Record<string, string>;
let t: TestApp;
let city: H;
let province: H;
let held: number;
let free: number;

async function newBatch(h: H, name: string): Promise<number> {
  const b = await t.post(
    '/api/resource/reviewBatch/save',
    {
      name,
      level: '1',
      stage: '1',
      targetEntity: 'topic',
      startTime: '2020-01-01 00:00:00',
      endTime: '2099-12-31 23:59:59',
      blind: false,
      outOfArea: false,
      expertsPerTopic: 1,
      rule: '1',
      disagreementThreshold: 20,
      criteria,
      recommendations: ['同意立项', '不同意立项'],
    },
    h,
  );
  expect(b.status, JSON.stringify(b.body)).toBe(200);
  return b.body.data.id;
}

const statusOf = async (id: number) =>
  (await KyselyRecordStore.of(t.ctx.database).get(t.ctx.schemas.entities.get('topic')!, id))!.status;

beforeAll(async () => {
  t = await createTestApp();
  ensureTopicContract(t);
  city = await t.loginAs('city1123');
  province = await t.loginAs('province');
  const topic = { leader: '吴老师', unit: '第三中学', subject: '3', areaCode: '1123', status: '2' };
  held = await insertTopic(t, { ...topic, name: '项目式学习研究' });
  free = await insertTopic(t, { ...topic, name: '大单元教学研究', leader: '郑老师', unit: '第四中学' });
  const e = await t.post(
    '/api/resource/expert/save',
    { enabled: true, name: '冯专家', unit: '师范学院', area: '1101', subject: '3', mobile: '13900000011' },
    province,
  );
  expect(e.status, JSON.stringify(e.body)).toBe(200);
  const cityBatch = await newBatch(city, '城区立项评审');
  const a = await t.post('/api/review/allocate', { batchId: cityBatch, mode: 'auto', targetIds: [held] }, city);
  expect(a.status, JSON.stringify(a.body)).toBe(200);
  expect(await statusOf(held)).toBe('1');
});
afterAll(async () => {
  await t?.close();
});

describe('which records may enter a batch', () => {
  it('marks, per topic, why it may not enter: held by a running batch, or a stage the account cannot send', async () => {
    const batchId = await newBatch(province, '省级新建评审');
    const c = await t.post('/api/review/candidates', { batchId }, province);
    expect(c.status).toBe(200);
    const byId = new Map(c.body.data.targets.map((x: any) => [x.id, x]));
    expect((byId.get(held) as any).refused).toContain('城区立项评审');
    expect((byId.get(free) as any).refused).toContain('送市级专家评审');
    const cityView = await t.post('/api/review/candidates', { batchId: await newBatch(city, '城区第二批') }, city);
    const mine = new Map(cityView.body.data.targets.map((x: any) => [x.id, x]));
    expect((mine.get(free) as any).refused).toBeUndefined();
    expect((mine.get(held) as any).refused).toContain('城区立项评审');
  });

  it('refuses an automatic allocation naming each topic and its reason, and changes nothing', async () => {
    const batchId = await newBatch(province, '省级自动分配');
    const r = await t.post('/api/review/allocate', { batchId, mode: 'auto', targetIds: [held, free] }, province);
    expect(r.status).toBe(400);
    expect(r.body.result).toContain('「项目式学习研究」正在评审批次「城区立项评审」中评审');
    expect(r.body.result).toContain('「大单元教学研究」');
    expect(r.body.data.errors[0].field).toBe('targetIds');
    expect(await statusOf(free)).toBe('2');
    const batch = (await t.post('/api/resource/reviewBatch/get', { id: batchId }, province)).body.data;
    expect(batch.status).toBe('0');
  });

  it('a forced end of a batch holding a topic another running batch holds works and leaves the topic to that batch', async () => {
    // The state an earlier allocation left: a province batch sharing a topic with a running city batch.
    const batchId = await newBatch(province, '省级已开始评审');
    const store = KyselyRecordStore.of(t.ctx.database);
    const batchEntity = t.ctx.schemas.entities.get('reviewBatch')!;
    const b = (await store.get(batchEntity, batchId))!;
    await store.update(batchEntity, { ...b, status: '1' }, b.version);
    const reviewEntity = t.ctx.schemas.entities.get('review')!;
    const [other] = (await t.post('/api/resource/review/list', { pageSize: 100 }, city)).body.data.list;
    const { id: _id, version: _v, ...task } = (await store.get(reviewEntity, other.id))!;
    await store.insert(reviewEntity, { ...task, batchId, batchName: '省级已开始评审', status: '0' });
    const notForced = await t.post('/api/tTopicReview/checkEndReview', { batchId }, province);
    expect(notForced.status).toBe(400);
    expect(notForced.body.result).toContain('「项目式学习研究」的冯专家');
    const end = await t.post('/api/tTopicReview/checkEndReview', { batchId, force: true, reason: '误分配' }, province);
    expect(end.status, JSON.stringify(end.body)).toBe(200);
    expect((await store.get(batchEntity, batchId))!.status).toBe('2');
    expect(await statusOf(held)).toBe('1');
  });

  it('offers 结束评审 only to whom the end would not refuse: the province is told why on the progress of a city batch', async () => {
    const cityBatch = (await t.post('/api/resource/review/list', { pageSize: 100 }, city)).body.data.list.find(
      (r: any) => r.batchName === '城区立项评审',
    ).batchId;
    const asProvince = await t.post('/api/review/progress', { batchId: cityBatch }, province);
    expect(asProvince.status, JSON.stringify(asProvince.body)).toBe(200);
    const why = asProvince.body.data.batch.endRefusal as string;
    expect(why).toContain('「项目式学习研究」由本批次送评，本账号不能执行「结束专家评审」');
    // The end itself says the same, and the topic stays in review.
    const end = await t.post(
      '/api/tTopicReview/checkEndReview',
      { batchId: cityBatch, force: true, reason: '省级代为结束' },
      province,
    );
    expect(end.status).toBe(403);
    expect(end.body.result).toBe(why);
    expect(await statusOf(held)).toBe('1');
    const asCity = await t.post('/api/review/progress', { batchId: cityBatch }, city);
    expect(asCity.body.data.batch.endRefusal).toBeNull();
  });
});

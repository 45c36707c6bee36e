import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileTestClient } from '../../platform/testing/fileTestClient.js';
import { bindFiles } from '../../platform/files/fileRefs.js';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import { createTestApp, type TestApp } from '../../testApp.js';
import { ensureTopicContract, insertTopic } from './review.fixture.js';

type H = Record<string, string>;
let t: TestApp;
let city: H;
const pdf = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(2000)]);

/** A topic waiting at city with an application document uploaded by its leader. */
async function topicWithDoc(name: string, unit: string): Promise<{ topicId: number; fileId: number }> {
  const leader = await t.loginAs('leader1');
  const file = (await fileTestClient(t, leader).send(pdf(), `${name}申请书.pdf`)).file!;
  const topicId = await insertTopic(t, { name, leader: '张老师', unit, subject: '3', areaCode: '1123', status: '2' });
  const entity = t.ctx.schemas.entities.get('topic')!;
  const store = KyselyRecordStore.of(t.ctx.database);
  const rec = (await store.get(entity, topicId))!;
  const ref = { id: file.id, fileName: `${name}申请书.pdf`, fileSize: 2009, fileSuffix: 'pdf', md5: file.md5 };
  await store.update(entity, { ...rec, applicationDoc: [ref] }, rec.version);
  await bindFiles(t.ctx, 'topic.applicationDoc', topicId, [file.id]);
  return { topicId, fileId: file.id };
}

beforeAll(async () => {
  t = await createTestApp();
  ensureTopicContract(t);
  city = await t.loginAs('city1123');
});
afterAll(async () => {
  await t?.close();
});

describe('documents of reviewed topics', () => {
  it('an assigned expert reads the documents of their topic, and only of the topics assigned to them', async () => {
    const assigned = await topicWithDoc('文档可读课题', '第一中学');
    const other = await topicWithDoc('文档不可读课题', '第二中学');
    const e = await t.post(
      '/api/resource/expert/save',
      {
        name: '文档专家',
        unit: '师范大学',
        area: '1101',
        subject: '3',
        mobile: '13900000021',
        account: 'expert1',
        enabled: true,
      },
      await t.loginAs('province'),
    );
    expect(e.status, JSON.stringify(e.body)).toBe(200);
    const b = await t.post(
      '/api/resource/reviewBatch/save',
      {
        name: '文档评审',
        level: '1',
        stage: '1',
        targetEntity: 'topic',
        startTime: '2020-01-01 00:00:00',
        endTime: '2099-12-31 23:59:59',
        blind: true,
        // The uploads are opened to the batch on purpose (blind batches serve the 活页 alone otherwise).
        openMaterials: true,
        outOfArea: false,
        expertsPerTopic: 1,
        rule: '1',
        criteria: [{ name: '总体', maxScore: 100 }],
        recommendations: ['同意立项'],
      },
      city,
    );
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    const expert = await t.loginAs('expert1');
    const download = (id: number, h: H) => t.inject({ method: 'GET', url: `/api/file/download?id=${id}`, headers: h });
    // Before allocation the expert reads neither.
    expect((await download(assigned.fileId, expert)).statusCode).toBe(404);
    const a = await t.post(
      '/api/review/allocate',
      {
        batchId: b.body.data.id,
        mode: 'manual',
        targetIds: [assigned.topicId],
        pairs: [{ targetId: assigned.topicId, expertId: e.body.data.id }],
      },
      city,
    );
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect((await download(assigned.fileId, expert)).statusCode).toBe(200);
    expect((await download(other.fileId, expert)).statusCode).toBe(404);
    const links = (await t.post('/api/file/links', { ids: [assigned.fileId, other.fileId] }, expert)).body.data;
    expect(links.map((l: { id: number }) => l.id)).toEqual([assigned.fileId]);
    // The task answer lists the document; the topic itself stays closed to the expert.
    const [task] = (await t.post('/api/resource/review/list', { pageSize: 10 }, expert)).body.data.list;
    const detail = (await t.post('/api/review/task', { id: task.id }, expert)).body.data;
    expect(detail.target.applicationDoc).toEqual([expect.objectContaining({ id: assigned.fileId })]);
    expect((await t.post('/api/resource/topic/get', { id: assigned.topicId }, expert)).status).toBe(404);
    // Another expert (not assigned) reads nothing.
    await t.post(
      '/api/resource/expert/save',
      {
        name: '旁观专家',
        unit: '研究所',
        area: '1101',
        subject: '3',
        mobile: '13900000022',
        account: 'expert2',
        enabled: true,
      },
      await t.loginAs('province'),
    );
    expect((await download(assigned.fileId, await t.loginAs('expert2'))).statusCode).toBe(404);
  });
});

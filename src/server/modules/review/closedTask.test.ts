import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileTestClient } from '../../platform/testing/fileTestClient.js';
import { bindFiles } from '../../platform/files/fileRefs.js';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import { createTestApp, type TestApp } from '../../testApp.js';
import { DOOR_CLOSED, WITHDRAWN } from './closedTask.js';
import { ensureTopicContract, insertTopic } from './review.fixture.js';

type H = Record<string, string>;
let t: TestApp;
let city: H;
const pdf = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(2000)]);

async function topicWithDoc(name: string): Promise<{ topicId: number; fileId: number }> {
  const leader = await t.loginAs('leader1');
  const file = (await fileTestClient(t, leader).send(pdf(), `${name}申请书.pdf`)).file!;
  const topicId = await insertTopic(t, {
    name,
    leader: '陈老师',
    unit: '第一中学',
    subject: '3',
    areaCode: '1123',
    status: '2',
  });
  const entity = t.ctx.schemas.entities.get('topic')!;
  const store = KyselyRecordStore.of(t.ctx.database);
  const rec = (await store.get(entity, topicId))!;
  const ref = { id: file.id, fileName: `${name}申请书.pdf`, fileSize: 2009, fileSuffix: 'pdf', md5: file.md5 };
  await store.update(entity, { ...rec, applicationDoc: [ref] }, rec.version);
  await bindFiles(t.ctx, 'topic.applicationDoc', topicId, [file.id]);
  return { topicId, fileId: file.id };
}

async function expert(name: string, account: string, i: number): Promise<number> {
  const r = await t.post(
    '/api/resource/expert/save',
    { name, unit: `单位${i}`, area: '1101', subject: '3', mobile: `1390000031${i}`, account, enabled: true },
    await t.loginAs('province'),
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.id as number;
}

/** Every path an expert reads a task's material by: the answer's HTTP status and message. */
async function paths(h: H, reviewId: number, fileId: number, links: { download: string; preview: string }) {
  const msg = (r: { statusCode: number; body: string }) => {
    try {
      return [r.statusCode, (JSON.parse(r.body) as { result?: string }).result ?? ''] as const;
    } catch {
      return [r.statusCode, ''] as const;
    }
  };
  const post = async (url: string, body: unknown) => {
    const r = await t.post(url, body, h);
    return [r.status, r.body?.result ?? ''] as const;
  };
  return {
    task: await post('/api/review/task', { id: reviewId }),
    score: await post('/api/review/score', { id: reviewId, version: 1, scores: {} }),
    peers: await post('/api/review/peers', { id: reviewId }),
    discussion: await post('/api/review/discussion', { id: reviewId }),
    discussionPost: await post('/api/review/discussionPost', { id: reviewId, content: '补充一点意见' }),
    application: msg(await t.inject({ method: 'POST', url: `/api/review/application?id=${reviewId}`, headers: h })),
    download: msg(await t.inject({ method: 'GET', url: `/api/file/download?id=${fileId}`, headers: h })),
    linkDownload: msg(await t.inject({ method: 'GET', url: links.download, headers: h })),
    previewInfo: msg(await t.inject({ method: 'POST', url: `/api/file/preview/${fileId}`, headers: h, payload: {} })),
    linkPreview: msg(await t.inject({ method: 'GET', url: links.preview, headers: h })),
    zip: msg(await t.inject({ method: 'POST', url: '/api/file/downloadZip', headers: h, payload: { ids: [fileId] } })),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  ensureTopicContract(t);
  city = await t.loginAs('city1123');
});
afterAll(async () => {
  await t?.close();
});

describe('the door closes on a task given up', () => {
  it('an expert who declares a conflict, and then is replaced, gets 403 with the reason on every path; the new expert reads', async () => {
    const { topicId, fileId } = await topicWithDoc('回避关门课题');
    const e1 = await expert('关门专家', 'expert1', 1);
    await expert('接替专家', 'expert2', 2);
    const b = await t.post(
      '/api/resource/reviewBatch/save',
      {
        name: '关门评审',
        level: '1',
        stage: '1',
        targetEntity: 'topic',
        startTime: '2020-01-01 00:00:00',
        endTime: '2099-12-31 23:59:59',
        blind: true,
        // The uploaded 申报书 is opened to the batch on purpose (a blind batch serves the 活页 alone otherwise).
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
    const batchId = b.body.data.id as number;
    const a = await t.post(
      '/api/review/allocate',
      { batchId, mode: 'manual', targetIds: [topicId], pairs: [{ targetId: topicId, expertId: e1 }] },
      city,
    );
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    const h = await t.loginAs('expert1');
    const [task] = (await t.post('/api/resource/review/list', { pageSize: 10 }, h)).body.data.list;
    // While the task is held, every path answers; links are taken now, to be tried after the door closes.
    const [link] = (await t.post('/api/file/links', { ids: [fileId] }, h)).body.data;
    const links = { download: link.downloadUrl as string, preview: link.previewUrl as string };
    const open = await paths(h, task.id, fileId, links);
    expect(open.task[0]).toBe(200);
    expect(open.download[0]).toBe(200);
    expect(open.linkDownload[0]).toBe(200);
    expect(open.linkPreview[0]).toBe(200);
    expect(open.zip[0]).toBe(200);
    expect(open.application[0]).toBe(200);

    const d = await t.post(
      '/api/review/decline',
      { id: task.id, kind: 'conflict', conflictType: '1', reason: '与负责人同单位' },
      h,
    );
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    const closed = Object.entries(await paths(h, task.id, fileId, links));
    expect(closed.filter(([, [status, text]]) => status !== 403 || text !== DOOR_CLOSED)).toEqual([]);
    // The generic record API reads nothing of it either, and its files are no longer listed.
    expect((await t.post('/api/resource/review/get', { id: task.id }, h)).status).toBe(404);
    expect((await t.post('/api/file/links', { ids: [fileId] }, h)).body.data).toEqual([]);

    // Replaced: the door stays closed to the old expert and opens to the new one.
    const r = (await t.post('/api/review/replacement', { id: task.id }, city)).body.data;
    const next = r.candidates.find((x: { name: string }) => x.name === '接替专家');
    expect(next, JSON.stringify(r)).toBeTruthy();
    const rep = await t.post('/api/review/replace', { id: task.id, expertId: next.expertId }, city);
    expect(rep.status, JSON.stringify(rep.body)).toBe(200);
    const after = Object.entries(await paths(h, task.id, fileId, links));
    expect(after.filter(([, [status, text]]) => status !== 403 || text !== DOOR_CLOSED)).toEqual([]);
    const h2 = await t.loginAs('expert2');
    const dl2 = await t.inject({ method: 'GET', url: `/api/file/download?id=${fileId}`, headers: h2 });
    expect(dl2.statusCode).toBe(200);
    // An expert who never had a task on it is still told nothing exists.
    await expert('旁观专家', 'expertq', 3);
    const h3 = await t.loginAs('expertq');
    expect((await t.inject({ method: 'GET', url: `/api/file/download?id=${fileId}`, headers: h3 })).statusCode).toBe(
      404,
    );
  });

  it('an expert whose task is withdrawn (取消分配) gets 403 with the reason on every path, not 404', async () => {
    const { topicId, fileId } = await topicWithDoc('撤回分配课题');
    const e = await expert('撤回专家', 'expertw', 4);
    const b = await t.post(
      '/api/resource/reviewBatch/save',
      {
        name: '撤回评审',
        level: '1',
        stage: '1',
        targetEntity: 'topic',
        startTime: '2020-01-01 00:00:00',
        endTime: '2099-12-31 23:59:59',
        blind: true,
        // The uploaded 申报书 is opened to the batch on purpose (a blind batch serves the 活页 alone otherwise).
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
    const a = await t.post(
      '/api/review/allocate',
      { batchId: b.body.data.id, mode: 'manual', targetIds: [topicId], pairs: [{ targetId: topicId, expertId: e }] },
      city,
    );
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    const h = await t.loginAs('expertw');
    const [task] = (await t.post('/api/resource/review/list', { pageSize: 10 }, h)).body.data.list;
    const [link] = (await t.post('/api/file/links', { ids: [fileId] }, h)).body.data;
    const links = { download: link.downloadUrl as string, preview: link.previewUrl as string };
    // Held: the file is read (paths() would save a draft score, which no 取消分配 may follow).
    expect((await t.inject({ method: 'GET', url: links.download, headers: h })).statusCode).toBe(200);

    const u = await t.post('/api/review/unassign', { id: task.id }, city);
    expect(u.status, JSON.stringify(u.body)).toBe(200);
    const after = Object.entries(await paths(h, task.id, fileId, links));
    expect(after.filter(([, [status, text]]) => status !== 403 || text !== WITHDRAWN)).toEqual([]);
  });
});

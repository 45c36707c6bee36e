/**
 * A blind batch serves its experts the 课题论证活页 and the identity-free fields only: the full
 * 申报书 and the other uploads stay closed to them, on the task and on every file path, until the
 * organiser opens every document to the batch (openMaterials), which the batch's log records.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindFiles } from '../../platform/files/fileRefs.js';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import { fileTestClient } from '../../platform/testing/fileTestClient.js';
import { createTestApp, type TestApp } from '../../testApp.js';
import { ensureTopicContract, insertTopic } from './review.fixture.js';

let t: TestApp;

const docx = () => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), crypto.randomBytes(800)]);

beforeAll(async () => {
  t = await createTestApp();
  ensureTopicContract(t);
});
afterAll(async () => {
  await t?.close();
});

describe('活页 in a blind batch', () => {
  it('the expert reads the 活页 alone until the organiser opens every document, which is logged', async () => {
    const client = fileTestClient(t, await t.loginAs('leader1'));
    const send = async (name: string, field: string) => {
      const sent = await client.send(docx(), name, { belongType: `topic.${field}` });
      expect(sent.file, JSON.stringify(sent)).toBeTruthy();
      return { field, name, file: sent.file! };
    };
    const files = [
      await send('活页.docx', 'argumentSheet'),
      await send('申报书.docx', 'applicationDoc'),
      await send('附件.docx', 'attachments'),
    ];
    const topicId = await insertTopic(t, {
      name: '活页评审课题',
      leader: '陈老师',
      unit: '第一中学',
      subject: '3',
      areaCode: '1123',
      status: '2',
    });
    const entity = t.ctx.schemas.entities.get('topic')!;
    const store = KyselyRecordStore.of(t.ctx.database);
    const rec = (await store.get(entity, topicId))!;
    const ref = (f: (typeof files)[number]) => [
      { id: f.file.id, fileName: f.name, fileSize: 804, fileSuffix: 'docx', md5: f.file.md5 },
    ];
    await store.update(entity, { ...rec, ...Object.fromEntries(files.map((f) => [f.field, ref(f)])) }, rec.version);
    for (const f of files) await bindFiles(t.ctx, `topic.${f.field}`, topicId, [f.file.id]);
    const e = await t.post(
      '/api/resource/expert/save',
      {
        name: '活页专家',
        unit: '师范大学',
        area: '1101',
        subject: '3',
        mobile: '13900000051',
        account: 'expert1',
        enabled: true,
      },
      await t.loginAs('province'),
    );
    expect(e.status, JSON.stringify(e.body)).toBe(200);
    const city = await t.loginAs('city1123');
    const b = await t.post(
      '/api/resource/reviewBatch/save',
      {
        name: '活页评审',
        level: '1',
        stage: '1',
        targetEntity: 'topic',
        blind: true,
        outOfArea: false,
        startTime: '2020-01-01 00:00:00',
        endTime: '2099-12-31 23:59:59',
        expertsPerTopic: 1,
        rule: '1',
        criteria: [{ name: '总体', maxScore: 100 }],
        recommendations: ['同意立项'],
      },
      city,
    );
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    expect(b.body.data.openMaterials).toBe(false);
    const a = await t.post(
      '/api/review/allocate',
      {
        batchId: b.body.data.id,
        mode: 'manual',
        targetIds: [topicId],
        pairs: [{ targetId: topicId, expertId: e.body.data.id }],
      },
      city,
    );
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    const h = await t.loginAs('expert1');
    const [review] = (await t.post('/api/resource/review/list', { pageSize: 10 }, h)).body.data.list;
    const served = async () => {
      const task = (await t.post('/api/review/task', { id: review.id }, h)).body.data;
      const status: Record<string, number> = {};
      for (const f of files)
        status[f.field] = (
          await t.inject({ method: 'GET', url: `/api/file/download?id=${f.file.id}`, headers: h })
        ).statusCode;
      const zip = await t.inject({
        method: 'POST',
        url: '/api/file/downloadZip',
        headers: h,
        payload: { ids: files.map((f) => f.file.id) },
      });
      return {
        documents: task.documents.map((d: { field: string; files: unknown[] }) => `${d.field}:${d.files.length}`),
        target: ['argumentSheet', 'applicationDoc', 'attachments'].filter((f) => f in task.target),
        status,
        zip: zip.statusCode,
      };
    };
    expect(await served()).toEqual({
      documents: ['argumentSheet:1'],
      target: ['argumentSheet'],
      status: { argumentSheet: 200, applicationDoc: 404, attachments: 404 },
      zip: 404,
    });

    const batch = (await t.post('/api/resource/reviewBatch/get', { id: b.body.data.id }, city)).body.data;
    const opened = await t.post(
      '/api/resource/reviewBatch/save',
      { id: batch.id, version: batch.version, openMaterials: true },
      city,
    );
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(await served()).toEqual({
      documents: ['argumentSheet:1', 'applicationDoc:1', 'attachments:1'],
      target: ['argumentSheet', 'applicationDoc', 'attachments'],
      status: { argumentSheet: 200, applicationDoc: 200, attachments: 200 },
      zip: 200,
    });
    const log = await t.post('/api/resource/reviewBatch/log', { id: batch.id }, city);
    expect(JSON.stringify(log.body)).toContain('向专家开放完整申报材料');
  });
});

/**
 * Identity is looked for, not trusted: a 课题论证活页 is read at upload for the applicant's name,
 * unit, members' names, ID and phone numbers (which words, which page), and again before
 * allocation, where the organiser sees a flag per topic.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindFiles } from '../../platform/files/fileRefs.js';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import { fileTestClient } from '../../platform/testing/fileTestClient.js';
import { createTestApp, type TestApp } from '../../testApp.js';
import { docxBytes } from '../topics/demoFiles.js';
import { findIdentity, identityTerms } from './identityScan.js';
import { ensureTopicContract, insertTopic } from './review.fixture.js';

let t: TestApp;
const RECORD = {
  leader: '张明远',
  leaderIdCard: '130102198001011234',
  leaderMobile: '13912345678',
  unit: '定州市青松中学',
  members: [{ name: '李晓华', unit: '定州市青松中学', idCard: '130102198502021236' }],
};

beforeAll(async () => {
  t = await createTestApp();
  ensureTopicContract(t);
});
afterAll(async () => {
  await t?.close();
});

describe('identity is looked for', () => {
  it('the terms come from the mapping and the schema; a unit is also looked for without its place', () => {
    const terms = identityTerms(t.ctx, 'topic', RECORD).map((x) => `${x.kind}:${x.word}`);
    expect(terms).toEqual(
      expect.arrayContaining([
        '姓名:张明远',
        '身份证号:130102198001011234',
        '手机号:13912345678',
        '单位:定州市青松中学',
        '单位:青松中学',
        '成员姓名:李晓华',
        '身份证号:130102198502021236',
      ]),
    );
    const found = findIdentity(
      ['前言', '本校青松中学张 明远老师，电话139-1234-5678'],
      identityTerms(t.ctx, 'topic', RECORD),
      'page',
    );
    expect(found.map((f) => `${f.word}@${f.page}`)).toEqual(['张明远@2', '青松中学@2', '13912345678@2']);
  });

  it('at upload the applicant is told which words and where; a clean 活页 passes; only the uploader asks', async () => {
    const leader = await t.loginAs('leader1');
    const client = fileTestClient(t, leader);
    const send = async (bytes: Buffer, name: string) =>
      (await client.send(bytes, name, { belongType: 'topic.argumentSheet' })).file!;
    const named = await send(
      await docxBytes(['课题论证活页', '一、选题依据', `课题负责人${RECORD.leader}，成员李晓华`]),
      '活页.docx',
    );
    const scan = (fileId: number, h = leader) =>
      t.post('/api/review/identityScan', { entity: 'topic', field: 'argumentSheet', fileId, record: RECORD }, h);
    const r = await scan(named.id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.state).toBe('found');
    expect(r.body.data.findings).toEqual([
      { word: '张明远', kind: '姓名', paragraph: 3 },
      { word: '李晓华', kind: '成员姓名', paragraph: 3 },
    ]);
    expect(r.body.data.message).toContain('「张明远」（姓名，第3段）');

    const clean = await send(await docxBytes(['课题论证活页', '一、选题依据', '二、研究内容']), '活页2.docx');
    const c = await scan(clean.id);
    expect([c.body.data.state, c.body.data.message]).toEqual(['clean', null]);

    // Someone else's file, or a field that is not identity-free, is not read.
    expect((await scan(named.id, await t.loginAs('leader2'))).status).toBe(404);
    const wrong = await t.post(
      '/api/review/identityScan',
      { entity: 'topic', field: 'applicationDoc', fileId: named.id },
      leader,
    );
    expect(wrong.status).toBe(400);
  });

  it('the allocation page of a blind batch flags a topic whose 活页 names its people', async () => {
    const leader = await t.loginAs('leader1');
    const client = fileTestClient(t, leader);
    const entity = t.ctx.schemas.entities.get('topic')!;
    const store = KyselyRecordStore.of(t.ctx.database);
    const topic = async (name: string, lines: string[]) => {
      const f = (await client.send(await docxBytes(lines), `${name}活页.docx`, { belongType: 'topic.argumentSheet' }))
        .file!;
      const id = await insertTopic(t, {
        name,
        leader: RECORD.leader,
        unit: RECORD.unit,
        subject: '3',
        areaCode: '1123',
        status: '2',
      });
      const rec = (await store.get(entity, id))!;
      const ref = { id: f.id, fileName: `${name}活页.docx`, fileSize: 1, fileSuffix: 'docx', md5: f.md5 };
      await store.update(entity, { ...rec, argumentSheet: [ref] }, rec.version);
      await bindFiles(t.ctx, 'topic.argumentSheet', id, [f.id]);
      return id;
    };
    const flagged = await topic('署名活页课题', ['课题论证活页', `本课题在${RECORD.unit}开展`]);
    const clean = await topic('干净活页课题', ['课题论证活页', '研究内容']);
    const city = await t.loginAs('city1123');
    const b = await t.post(
      '/api/resource/reviewBatch/save',
      {
        name: '身份检查评审',
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
    const c = await t.post('/api/review/candidates', { batchId: b.body.data.id }, city);
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    const byId = new Map(c.body.data.targets.map((x: { id: number }) => [x.id, x]));
    expect((byId.get(flagged) as { identity: unknown }).identity).toEqual({
      state: 'found',
      findings: [{ word: RECORD.unit, kind: '单位', paragraph: 2 }],
    });
    expect((byId.get(clean) as { identity: unknown }).identity).toEqual({ state: 'clean', findings: [] });
  });
});

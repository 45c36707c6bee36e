import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { fileTestClient, pdfOf } from '../testing/fileTestClient.js';
import type { RecordChange } from './Engine.js';
import { applicationBody, publishNotice, uploadedDoc } from '../../modules/topics/topics.fixture.js';
import { entityTables } from '../db/tables.js';

// The one write path: a save that carries its transition (a form's 提交) is one call and one
// transaction: the values, the transition's checks, the files' bindings, the status, the log rows.
type H = Record<string, string>;
let t: TestApp;
let province: H, leader: H, admin: H;
const heard: { change: RecordChange; committed: unknown }[] = [];
let failPublish = false;

beforeAll(async () => {
  t = await createTestApp();
  [province, leader, admin] = await Promise.all([t.loginAs('province'), t.loginAs('leader1'), t.loginAs('admin')]);
  t.ctx.engine.on('announcement', {
    onTransition: async () => {
      if (failPublish) throw new Error('the transition broke off');
    },
    afterCommit: async (ctx, change) => {
      // What another connection reads now: the change is committed when the hook hears of it.
      const row = await entityTables(ctx.database.db)
        .selectFrom('rec_announcement')
        .select('status')
        .where('id', '=', change.record.id)
        .executeTakeFirst();
      heard.push({ change, committed: row?.status });
    },
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const db = () => entityTables(t.ctx.database.db);
/** A notice of its own per application: one application per leader per notice. */
const openNotice = async () => (await publishNotice(t, admin)).id as number;
const logsOf = async (entity: string, id: number) =>
  (
    await db()
      .selectFrom('operation_log')
      .select(['action'])
      .where('entity', '=', entity)
      .where('record_id', '=', id)
      .orderBy('id')
      .execute()
  ).map((r) => r.action);
const bindingsOf = async (fileId: number) =>
  db().selectFrom('file_bindings').select(['entity', 'record_id', 'field']).where('file_id', '=', fileId).execute();
const topicsNamed = async (name: string) =>
  db().selectFrom('rec_topic').select('id').where('name', '=', name).execute();

async function uploadAttachment(): Promise<number> {
  const sent = await fileTestClient(t, province).send(pdfOf(), '附件.pdf', { belongType: 'announcement.attachments' });
  if (!('file' in sent) || !sent.file) throw new Error(`upload: ${JSON.stringify(sent)}`);
  return sent.file.id as number;
}

describe('a save carrying its transition', () => {
  it('creates, checks, binds the files, submits and logs in one call', async () => {
    const doc = await uploadedDoc(t, leader, 'applicationDoc');
    const res = await t.post(
      '/api/resource/topic/save',
      { ...applicationBody(await openNotice(), '一次提交的课题', { applicationDoc: [doc] }), _action: 'submit' },
      leader,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toBe('操作成功！');
    expect(res.body.data).toMatchObject({ status: '2', version: 2 });
    const id = res.body.data.id as number;
    expect(await logsOf('topic', id)).toEqual(['create', 'submit']);
    expect(await bindingsOf(doc.id)).toEqual([{ entity: 'topic', record_id: id, field: 'applicationDoc' }]);
  });

  it('refuses a submit the record is not ready for and keeps nothing of the save', async () => {
    const res = await t.post(
      '/api/resource/topic/save',
      { ...applicationBody(await openNotice(), '缺申报书的课题'), _action: 'submit' },
      leader,
    );
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual([{ field: 'applicationDoc', label: '申报书', message: '申报书不能为空' }]);
    expect(await topicsNamed('缺申报书的课题')).toEqual([]);
  });

  it('submits an existing draft with its new values and files, or refuses a stale version', async () => {
    const saved = await t.post('/api/resource/topic/save', applicationBody(await openNotice(), '先保存的课题'), leader);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { id } = saved.body.data;
    const doc = await uploadedDoc(t, leader, 'applicationDoc');
    const body = { subAct: 'a', id, applicationDoc: [doc], researchTarget: '改过的目标', _action: 'submit' };
    expect((await t.post('/api/resource/topic/save', { ...body, version: 2 }, leader)).status).toBe(409);
    const res = await t.post('/api/resource/topic/save', { ...body, version: 1 }, leader);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: '2', version: 3, researchTarget: '改过的目标' });
    expect(await logsOf('topic', id)).toEqual(['create', 'update', 'submit']);
    expect(await bindingsOf(doc.id)).toEqual([{ entity: 'topic', record_id: id, field: 'applicationDoc' }]);
  });

  it('refuses an action the workflow does not have, and a transition the user may not fire', async () => {
    const unknown = await t.post(
      '/api/resource/announcement/save',
      { subAct: 'a', title: '未知操作', content: '<p>正文</p>', _action: 'fly' },
      province,
    );
    expect(unknown.status).toBe(400);
    const notMine = await t.post(
      '/api/resource/topic/save',
      { ...applicationBody(await openNotice(), '不能审核的课题'), _action: 'cityApprove' },
      leader,
    );
    expect(notMine.status).toBe(403);
    expect(await topicsNamed('不能审核的课题')).toEqual([]);
  });

  it('leaves the record, its log rows and its file bindings all or none when a step fails', async () => {
    const fileId = await uploadAttachment();
    const body = {
      subAct: 'a',
      title: '中途失败的公告',
      content: '<p>正文</p>',
      attachments: [fileId],
      _action: 'publish',
    };
    failPublish = true;
    const res = await t.post('/api/resource/announcement/save', body, province);
    failPublish = false;
    expect(res.status).toBe(500);
    expect(await db().selectFrom('rec_announcement').select('id').where('title', '=', body.title).execute()).toEqual(
      [],
    );
    expect(await bindingsOf(fileId)).toEqual([]);
    expect(
      (await db().selectFrom('files').select('belong_id').where('id', '=', fileId).executeTakeFirstOrThrow()).belong_id,
    ).toBeNull();

    heard.length = 0;
    const ok = await t.post('/api/resource/announcement/save', body, province);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ status: 'published', version: 2 });
    expect(await bindingsOf(fileId)).toEqual([
      { entity: 'announcement', record_id: ok.body.data.id, field: 'attachments' },
    ]);
    // The modules hear of both changes, in order, once both are committed.
    expect(heard.map((h) => [h.change.action, h.committed])).toEqual([
      ['create', 'published'],
      ['publish', 'published'],
    ]);
  });
});

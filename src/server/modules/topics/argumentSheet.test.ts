import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { applicationBody, newTopic, publishNotice, uploadedDoc } from './topics.fixture.js';

type H = Record<string, string>;
let t: TestApp;
let leader: H, province: H;

beforeAll(async () => {
  t = await createTestApp();
  [leader, province] = await Promise.all(['leader1', 'province'].map((u) => t.loginAs(u)));
});
afterAll(async () => {
  await t?.close();
});

const submit = (rec: { id: number; version: number }) =>
  t.post('/api/resource/topic/transition', { subAct: 'a', id: rec.id, version: rec.version, action: 'submit' }, leader);
const get = async (id: number) => (await t.post('/api/resource/topic/get', { id }, leader)).body.data;
/** The refusal's field messages: [field, message] pairs. */
const fieldsOf = (body: { data?: unknown }) =>
  (body.data as Array<{ field: string; message: string }>).map((e) => [e.field, e.message]);
const SHEET_MISSING = ['argumentSheet', '课题论证活页不能为空'];

describe('课题论证活页: required while the notice asks for it (argumentSheet.requiredWhen)', () => {
  it('the application carries its notice’s ask; its submit is refused on the field until a 活页 is given', async () => {
    const notice = await publishNotice(t, province, { stage: 1, extra: { argumentSheet: true } });
    expect(notice.argumentSheet).toBe(true);
    // The draft saves without the 活页 (requiredOn submit) and carries the ask, whatever the client says.
    const topic = await newTopic(t, leader, notice.id, '活页课题', { noticeArgumentSheet: false });
    expect((await get(topic.id)).noticeArgumentSheet).toBe(true);
    const refused = await submit(topic);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(fieldsOf(refused.body)).toEqual([SHEET_MISSING]);
    // The form's 提交 (save and submit in one request) is refused alike, and nothing is kept.
    const both = await t.post(
      '/api/resource/topic/save',
      { subAct: 'a', id: topic.id, version: topic.version, researchTarget: '新的研究目标', _action: 'submit' },
      leader,
    );
    expect(both.status, JSON.stringify(both.body)).toBe(400);
    expect(fieldsOf(both.body)).toEqual([SHEET_MISSING]);
    expect(await get(topic.id)).toMatchObject({ status: '0', researchTarget: '研究目标' });
    const sheet = await uploadedDoc(t, leader, 'argumentSheet', '课题论证活页');
    const saved = await t.post(
      '/api/resource/topic/save',
      { subAct: 'a', id: topic.id, version: topic.version, argumentSheet: [sheet] },
      leader,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const ok = await submit(saved.body.data);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('a notice that does not ask lets the application go without one', async () => {
    const notice = await publishNotice(t, province, { stage: 1 });
    const topic = await newTopic(t, leader, notice.id, '无活页课题');
    expect((await get(topic.id)).noticeArgumentSheet).toBe(false);
    const ok = await submit(topic);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('a notice that starts asking passes the ask to the drafts of its applications, not to those handed on', async () => {
    const notice = await publishNotice(t, province, { stage: 1 });
    const draft = await newTopic(t, leader, notice.id, '后补活页课题');
    const applicant = await t.loginAs('leader2');
    const handed = await t.post(
      '/api/resource/topic/save',
      {
        ...applicationBody(notice.id, '已提交课题', {
          applicationDoc: [await uploadedDoc(t, applicant, 'applicationDoc')],
        }),
        _action: 'submit',
      },
      applicant,
    );
    expect(handed.status, JSON.stringify(handed.body)).toBe(200);
    // A published notice is withdrawn to be edited (撤回), then published again.
    const withdrawn = await t.post(
      '/api/resource/notice/transition',
      { subAct: 'a', id: notice.id, version: notice.version, action: 'withdraw' },
      province,
    );
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    const edited = await t.post(
      '/api/resource/notice/save',
      { subAct: 'a', id: notice.id, version: withdrawn.body.data.version, argumentSheet: true },
      province,
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const republished = await t.post(
      '/api/resource/notice/transition',
      { subAct: 'a', id: notice.id, version: edited.body.data.version, action: 'publish' },
      province,
    );
    expect(republished.status, JSON.stringify(republished.body)).toBe(200);
    const now = await get(draft.id);
    expect(now.noticeArgumentSheet).toBe(true);
    expect(fieldsOf((await submit(now)).body)).toEqual([SHEET_MISSING]);
    expect((await t.post('/api/resource/topic/get', { id: handed.body.data.id }, applicant)).body.data).toMatchObject({
      status: '2',
      noticeArgumentSheet: false,
    });
  });
});

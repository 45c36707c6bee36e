import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { formatDateTime } from '../records/time.js';
import { fileTestClient } from '../testing/fileTestClient.js';
import { pdfBytes } from '../../modules/topics/demoFiles.js';
import { ensureTopicContract, insertTopic } from '../../modules/review/review.fixture.js';
import type { StoredRecord } from '../records/RecordStore.js';
import { sendTransitionNotice } from './transitionNotices.js';

type H = Record<string, string>;
let t: TestApp;
const as: Record<string, H> = {};
const ids: Record<string, number> = {};

async function ok(url: string, body: unknown, h: H) {
  const r = await t.post(url, body, h);
  expect(r.status, `${url} ${JSON.stringify(r.body)}`).toBe(200);
  return r.body.data;
}
const fire = (entity: string, rec: { id: number; version: number }, action: string, who: string, comment?: string) =>
  ok(`/api/resource/${entity}/transition`, { id: rec.id, version: rec.version, action, comment }, as[who]);
const notices = async (who: string) =>
  (await ok('/api/notification/list', { pageSize: 50 }, as[who])).list as Array<Record<string, unknown>>;

beforeAll(async () => {
  t = await createTestApp();
  ensureTopicContract(t);
  for (const u of await t.ctx.database.db.selectFrom('users').select(['id', 'username']).execute())
    ids[u.username] = Number(u.id);
  for (const u of ['province', 'city1123', 'leader1', 'leader2']) as[u] = await t.loginAs(u);
});
afterAll(async () => {
  await t?.close();
});

describe('notices a workflow declares on its transitions', () => {
  it('a result returned, then approved: its author is told each time, with the opinion and a link that opens it', async () => {
    const notice = await ok(
      '/api/resource/achievementNotice/save',
      {
        title: '2026年度成果征集',
        year: '2026',
        body: '<p>征集</p>',
        startTime: formatDateTime(Date.now() - 3_600_000),
        endTime: formatDateTime(Date.now() + 3_600_000),
      },
      as.province,
    );
    await fire('achievementNotice', notice, 'publish', 'province');
    const up = await fileTestClient(t, as.leader1).send(pdfBytes('a paper'), '论文.pdf', {
      belongType: 'achievement.attachments',
    });
    const draft = await ok(
      '/api/resource/achievement/save',
      {
        noticeId: notice.id,
        kind: '1',
        name: '跨学科主题学习的实践研究',
        authors: [{ name: '张老师', unit: '第一实验中学' }],
        attachments: [(up as { file: { id: number } }).file.id],
      },
      as.leader1,
    );
    const before = (await notices('leader1')).length;
    let result = await fire('achievement', draft, 'submit', 'leader1');
    // Submitting declares no notice: nobody is told of their own act.
    expect((await notices('leader1')).length).toBe(before);

    result = await fire('achievement', result, 'return', 'province', '请补充成果的实践效果数据');
    const link = `/resultsManagement/resultList/look?id=${result.id}`;
    expect((await notices('leader1'))[0]).toMatchObject({
      kind: 'resultReturned',
      title: '成果被退回修改：跨学科主题学习的实践研究',
      body: '退回意见：请补充成果的实践效果数据',
      link,
      read: false,
    });
    // The link's record is one the author may open.
    expect((await ok('/api/resource/achievement/get', { id: result.id }, as.leader1)).status).toBe('3');

    result = await fire('achievement', result, 'submit', 'leader1');
    await fire('achievement', result, 'pass', 'province');
    const [approved] = await notices('leader1');
    expect(approved).toMatchObject({ kind: 'resultApproved', title: '成果已审核通过：跨学科主题学习的实践研究', link });
    // No opinion given: no body.
    expect(approved.body ?? '').toBe('');
    for (const who of ['leader2', 'province'])
      expect((await notices(who)).some((n) => String(n.kind).startsWith('result'))).toBe(false);
  });

  it('a topic returned at 成果鉴定 by the province, or by its city: the leader is told which stage and why', async () => {
    const atProvince = await insertTopic(t, {
      name: '作业设计研究',
      leader: '张老师',
      unit: '第一实验中学',
      subject: '3',
      areaCode: '1123',
      status: '33',
      stage: 4,
    });
    const rec = await ok('/api/resource/topic/get', { id: atProvince }, as.province);
    const returned = await fire('topic', rec, 'provinceReturn', 'province', '鉴定材料缺少研究报告全文');
    expect(returned.status).toBe('28');
    expect((await notices('leader1'))[0]).toMatchObject({
      kind: 'topicReturned',
      title: '课题被省级退回（成果鉴定）：作业设计研究',
      body: '退回意见：鉴定材料缺少研究报告全文',
      link: `/projectManagement/projectList/projectDetail?id=${atProvince}`,
    });

    const atCity = await insertTopic(t, {
      name: '课堂提问研究',
      leader: '张老师',
      unit: '第一实验中学',
      subject: '3',
      areaCode: '1123',
      status: '31',
      stage: 4,
    });
    const cityRec = await ok('/api/resource/topic/get', { id: atCity }, as.city1123);
    await fire('topic', cityRec, 'cityReturn', 'city1123', '请补充成果鉴定申请表');
    expect((await notices('leader1'))[0]).toMatchObject({
      kind: 'topicReturned',
      title: '课题被市级退回（成果鉴定）：课堂提问研究',
      body: '退回意见：请补充成果鉴定申请表',
    });
    expect(await notices('leader2')).toEqual([]);
  });

  it('reads the people from any field shape and leaves out the one who fired it', async () => {
    const transition = t.ctx.schemas.workflows.get('achievement')!.transitions.find((x) => x.action === 'return')!;
    const base = { entity: 'achievement', action: 'return', fromStatus: '1', toStatus: '3', comment: '意见' };
    const record = (ownerId: unknown) => ({ id: 1, version: 2, name: '样例', ownerId }) as unknown as StoredRecord;
    const send = (ownerId: unknown, actor: number | null) =>
      sendTransitionNotice(t.ctx, {
        ...base,
        record: record(ownerId),
        transition: { ...transition, notify: { ...transition.notify!, to: ['ownerId'] } },
        user: actor === null ? null : ({ userId: actor } as never),
      });
    expect(await send(ids.leader1, null)).toBe(1);
    expect(await send(String(ids.leader1), null)).toBe(1);
    expect(await send(JSON.stringify([ids.leader1, ids.leader2]), ids.leader2)).toBe(1);
    expect(await send([ids.leader1, ids.leader2, 'x', -3], null)).toBe(2);
    expect(await send(ids.leader1, ids.leader1)).toBe(0);
    expect(await send(null, null)).toBe(0);
    // A transition declaring no notice sends none.
    expect(
      await sendTransitionNotice(t.ctx, {
        ...base,
        record: record(ids.leader1),
        transition: { ...transition, notify: undefined },
        user: null,
      }),
    ).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { insertTopic } from '../review/review.fixture.js';
import { resultTopicStatuses } from './resultTopics.js';
import { fileTestClient } from '../../platform/testing/fileTestClient.js';
import { formatDateTime } from '../../platform/records/time.js';
import { pdfBytes } from '../topics/demoFiles.js';
import { RESULT_MESSAGES } from './resultRules.js';

type H = Record<string, string>;
let t: TestApp;
let province: H;
let leader1: H;
let leader2: H;
let openNotice: number;
const HOUR = 3_600_000;

async function ok(url: string, body: unknown, h: H) {
  const r = await t.post(url, body, h);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

/** A notice saved by `h`, published when asked, with its window around now by default. */
async function notice(h: H, v: Record<string, unknown> = {}, publish = true): Promise<number> {
  const saved = await ok(
    '/api/resource/achievementNotice/save',
    {
      title: `成果征集通知${Math.random().toString(36).slice(2, 7)}`,
      year: '2026',
      body: '<p>请按要求上传成果。</p>',
      startTime: formatDateTime(Date.now() - 24 * HOUR),
      endTime: formatDateTime(Date.now() + 24 * HOUR),
      ...v,
    },
    h,
  );
  if (publish)
    await ok(
      '/api/resource/achievementNotice/transition',
      { id: saved.id, action: 'publish', version: saved.version },
      h,
    );
  return saved.id;
}

async function upload(h: H, bytes: Buffer, name: string): Promise<number> {
  const r = await fileTestClient(t, h).send(bytes, name, { belongType: 'achievement.attachments' });
  expect(r.step, JSON.stringify(r)).toBe('done');
  return Number((r as { file: { id: number } }).file.id);
}

async function result(h: H, v: Record<string, unknown>): Promise<Record<string, any>> {
  return ok(
    '/api/resource/achievement/save',
    { noticeId: openNotice, kind: '1', authors: [{ name: '张老师', unit: '第一实验中学' }], ...v },
    h,
  );
}

async function submit(h: H, rec: Record<string, any>) {
  return ok('/api/resource/achievement/transition', { id: rec.id, action: 'submit', version: rec.version }, h);
}

async function listOf(h: H): Promise<Array<Record<string, any>>> {
  const r = await t.post('/api/resource/achievement/list', { pageSize: 100 }, h);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.list;
}

beforeAll(async () => {
  t = await createTestApp();
  province = await t.loginAs('province');
  leader1 = await t.loginAs('leader1');
  leader2 = await t.loginAs('leader2');
  openNotice = await notice(province);
});
afterAll(async () => {
  await t?.close();
});

describe('results and papers', () => {
  it('scopes results per role: leaders their own (drafts too), admins submitted ones of their scope, experts none', async () => {
    const f1 = await upload(leader1, pdfBytes('scope paper one'), '论文一.pdf');
    const mine = await submit(leader1, await result(leader1, { name: '范围测试论文甲', attachments: [f1] }));
    const draft = await result(leader1, { name: '范围测试草稿' });
    const f2 = await upload(leader2, pdfBytes('scope paper two'), '论文二.pdf');
    const theirs = await submit(
      leader2,
      await result(leader2, { name: '范围测试论文乙', attachments: [f2], authors: [{ name: '李老师' }] }),
    );
    expect(mine.firstAuthor).toBe('张老师');
    expect(mine.noticeTitle).toContain('成果征集通知');

    const names = async (h: H) => (await listOf(h)).map((r) => r.name);
    expect(await names(leader1)).toEqual(expect.arrayContaining(['范围测试论文甲', '范围测试草稿']));
    expect(await names(leader1)).not.toContain('范围测试论文乙');
    expect(await names(province)).toEqual(expect.arrayContaining(['范围测试论文甲', '范围测试论文乙']));
    expect(await names(province)).not.toContain('范围测试草稿');
    const city1123 = await t.loginAs('city1123');
    expect(await names(city1123)).toContain('范围测试论文甲');
    expect(await names(city1123)).not.toContain('范围测试论文乙');
    expect(await names(await t.loginAs('city1101'))).toEqual(['范围测试论文乙']);
    expect((await t.post('/api/resource/achievement/list', {}, await t.loginAs('expert1'))).status).toBe(403);
    expect((await t.post('/api/resource/achievement/get', { id: theirs.id }, leader1)).status).toBe(404);
    expect((await t.post('/api/resource/achievement/get', { id: draft.id }, province)).status).toBe(404);
    // Only its leader edits a result, and only while it is a draft or returned.
    expect((await t.post('/api/resource/achievement/save', { ...theirs, name: '改名' }, leader1)).status).toBe(404);
    expect(
      (
        await t.post(
          '/api/resource/achievement/save',
          {
            id: mine.id,
            version: mine.version,
            noticeId: openNotice,
            kind: '1',
            name: '改名',
            authors: [{ name: '张老师' }],
          },
          leader1,
        )
      ).status,
    ).toBe(403);
    // The achieveNum badge counts what the role may read.
    for (const h of [province, leader1]) {
      const menu = (await ok('/api/home/queryMenuList', {}, h)) as Array<{
        path: string;
        children?: Array<{ path: string; num?: number }>;
      }>;
      const entry = menu
        .find((n) => n.path === '/resultsManagement')!
        .children!.find((c) => c.path === '/resultsManagement/resultList')!;
      expect(entry.num).toBe((await listOf(h)).length);
    }
  });

  it("uploads only inside an open notice window of the leader's area", async () => {
    const refused = async (noticeId: number) => {
      const r = await t.post(
        '/api/resource/achievement/save',
        { noticeId, kind: '1', name: '窗口外的论文', authors: [{ name: '张老师' }] },
        leader1,
      );
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body)).toContain(RESULT_MESSAGES.noticeClosed);
    };
    await refused(
      await notice(province, {
        startTime: formatDateTime(Date.now() - 48 * HOUR),
        endTime: formatDateTime(Date.now() - 24 * HOUR),
      }),
    );
    await refused(
      await notice(province, {
        startTime: formatDateTime(Date.now() + 24 * HOUR),
        endTime: formatDateTime(Date.now() + 48 * HOUR),
      }),
    );
    await refused(await notice(province, {}, false));
    await refused(await notice(province, { targetAreas: ['1101'] }));
    await refused(await notice(await t.loginAs('city1101')));
    await refused(999_999);
    expect((await listOf(leader1)).map((r) => r.name)).not.toContain('窗口外的论文');

    // A draft saved while open cannot be submitted once the notice is closed; a returned one can.
    const own = await notice(province);
    const f = await upload(leader1, pdfBytes('window paper'), '窗口论文.pdf');
    const draft = await ok(
      '/api/resource/achievement/save',
      { noticeId: own, kind: '2', name: '窗口内的报告', authors: [{ name: '张老师' }], attachments: [f] },
      leader1,
    );
    const returned = await submit(
      leader1,
      await ok(
        '/api/resource/achievement/save',
        { noticeId: own, kind: '2', name: '将被退回的报告', authors: [{ name: '张老师' }], attachments: [f] },
        leader1,
      ),
    );
    const back = await ok(
      '/api/resource/achievement/transition',
      { id: returned.id, action: 'return', version: returned.version, comment: '请补充摘要' },
      province,
    );
    const n = await ok('/api/resource/achievementNotice/get', { id: own }, province);
    await ok('/api/resource/achievementNotice/transition', { id: own, action: 'close', version: n.version }, province);
    const late = await t.post(
      '/api/resource/achievement/transition',
      { id: draft.id, action: 'submit', version: draft.version },
      leader1,
    );
    expect(late.status).toBe(400);
    expect(JSON.stringify(late.body)).toContain(RESULT_MESSAGES.noticeClosed);
    const fixed = await ok('/api/resource/achievement/save', { ...pick(back), abstract: '补充的摘要' }, leader1);
    expect((await submit(leader1, fixed)).status).toBe('1');
  });

  it('flags a suspected duplicate: the same title and first author, or a file of the same content', async () => {
    const a = await upload(leader1, pdfBytes('duplicate content'), '原稿.pdf');
    const first = await submit(leader1, await result(leader1, { name: '核心素养导向的课堂评价', attachments: [a] }));
    expect(first.duplicateFlag).toBe(false);
    const sameTitle = await result(leader1, {
      name: '核心素养导向的课堂评价',
      authors: [{ name: '张老师' }, { name: '王老师' }],
    });
    expect(sameTitle.duplicateFlag).toBe(true);
    expect(sameTitle.duplicateNote).toContain(`编号${first.id}`);
    const otherAuthor = await result(leader1, { name: '核心素养导向的课堂评价', authors: [{ name: '王老师' }] });
    expect(otherAuthor.duplicateFlag).toBe(false);
    // leader2 uploads the same bytes under another name: another file, the same md5.
    const b = await upload(leader2, pdfBytes('duplicate content'), '换个名字.pdf');
    const sameFile = await result(leader2, { name: '完全不同的标题', authors: [{ name: '李老师' }], attachments: [b] });
    expect(sameFile.duplicateFlag).toBe(true);
    expect(sameFile.duplicateNote).toContain('换个名字.pdf');
    expect(sameFile.duplicateNote).toContain(`编号${first.id}`);
    const c = await upload(leader2, pdfBytes('unique content'), '独有.pdf');
    expect(
      (await result(leader2, { name: '另一个标题', authors: [{ name: '李老师' }], attachments: [c] })).duplicateFlag,
    ).toBe(false);
  });

  it("refuses bad authors and someone else's topic with a message on the field", async () => {
    const none = await t.post(
      '/api/resource/achievement/save',
      { noticeId: openNotice, kind: '1', name: '无作者', authors: [] },
      leader1,
    );
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain('作者');
    const bad = await t.post(
      '/api/resource/achievement/save',
      { noticeId: openNotice, kind: '1', name: '坏作者', authors: [{ unit: '某校' }] },
      leader1,
    );
    expect(bad.status).toBe(400);
    const issn = await t.post(
      '/api/resource/achievement/save',
      { noticeId: openNotice, kind: '1', name: '刊号', issn: 'abc', authors: [{ name: '张老师' }] },
      leader1,
    );
    expect(issn.status).toBe(400);
    const topic = await t.post(
      '/api/resource/achievement/save',
      { noticeId: openNotice, kind: '1', name: '别人的课题', topicId: 999_999, authors: [{ name: '张老师' }] },
      leader1,
    );
    expect(topic.status).toBe(400);
    expect(JSON.stringify(topic.body)).toContain(RESULT_MESSAGES.topicNotOwn);
  });

  it('takes only a topic that may carry a result, as the 所属课题 picker offers them', async () => {
    const leader1 = await t.loginAs('leader1');
    const openNotice = await notice(await t.loginAs('province'));
    const base = { name: '课题', leader: '张老师', unit: '一中', subject: '1', areaCode: '1123' };
    const draft = await insertTopic(t, { ...base, status: '0', stage: 1 });
    const running = await insertTopic(t, { ...base, status: '9', stage: 3 });
    const withTopic = (topicId: number) =>
      t.post(
        '/api/resource/achievement/save',
        { noticeId: openNotice, kind: '1', name: `课题成果${topicId}`, topicId, authors: [{ name: '张老师' }] },
        leader1,
      );
    const refused = await withTopic(draft);
    expect(refused.status).toBe(400);
    expect(refused.body.data[0]).toMatchObject({ field: 'topicId', message: RESULT_MESSAGES.topicNotForResults });
    expect((await withTopic(running)).status).toBe(200);
    // The picker lists the same topics: the form's filter is the server's list.
    const statuses = resultTopicStatuses(t.ctx)!;
    expect(statuses).toContain('9');
    expect(statuses).not.toContain('0');
    const offered = (
      await t.post(
        '/api/resource/topic/list',
        { page: 1, pageSize: 100, filters: [{ field: 'status', op: 'in', value: statuses }] },
        leader1,
      )
    ).body.data.list.map((r: { id: number }) => Number(r.id));
    expect(offered).toContain(running);
    expect(offered).not.toContain(draft);
  });
});

function pick(rec: Record<string, any>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of ['id', 'version', 'noticeId', 'kind', 'name', 'authors', 'unit', 'venue', 'abstract', 'keywords'])
    out[k] = rec[k];
  out.attachments = (rec.attachments ?? []).map((f: { id: number }) => f.id);
  return out;
}

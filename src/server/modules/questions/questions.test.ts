import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';

describe('expert Q&A: ask, route, answer, follow up, public FAQ; each party sees only their part', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  const as: Record<string, Record<string, string>> = {};
  let q: any;
  const fire = (who: string, action: string, comment?: string) =>
    t.post(
      '/api/resource/question/transition',
      { id: q.id, version: q.version, action, ...(comment ? { comment } : {}) },
      as[who],
    );
  const titles = async (who: string) =>
    (await t.post('/api/resource/question/list', {}, as[who])).body.data.list.map((r: any) => r.title);

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of await t.ctx.database.db.selectFrom('users').select(['id', 'username']).execute())
      ids[u.username] = String(u.id);
    for (const u of ['admin', 'province', 'city1123', 'city1101', 'leader1', 'leader2', 'expert1', 'expert2'])
      as[u] = await t.loginAs(u);
  });
  afterAll(async () => {
    await t.close();
  });

  it('a project leader asks; only they and the administrators of their scope see it', async () => {
    expect(
      (await t.post('/api/resource/question/save', { title: '专家不能提问', field: '1', content: 'x' }, as.expert1))
        .status,
    ).toBe(403);
    const saved = await t.post(
      '/api/resource/question/save',
      { title: '如何确定研究方法？', field: '3', content: '行动研究与案例研究如何选择？' },
      as.leader1,
    );
    expect(saved.body.flag).toBe(true);
    q = saved.body.data;
    expect(q).toMatchObject({ status: '0', askerName: '张老师', askerUnit: '第一实验中学' });
    expect(await titles('leader1')).toEqual(['如何确定研究方法？']);
    for (const who of ['province', 'admin', 'city1123']) expect(await titles(who)).toEqual(['如何确定研究方法？']);
    for (const who of ['leader2', 'expert1', 'expert2', 'city1101']) expect(await titles(who)).toEqual([]);
    expect((await fire('leader1', 'route')).status).toBe(403);
  });

  it('an administrator routes it to an expert, who is told and now sees it', async () => {
    // Routing needs a chosen expert.
    expect((await fire('province', 'route')).status).toBe(403);
    // 编辑 → choose the expert → 保存 routes it (the route transition is onSave): not 操作成功 while still 待分派.
    const routed = await t.post(
      '/api/resource/question/save',
      { id: q.id, version: q.version, expertIds: [ids.expert1] },
      as.province,
    );
    expect(routed.status).toBe(200);
    expect(routed.body.data).toMatchObject({ status: '1', expertIds: [ids.expert1] });
    expect(routed.body.data.routedAt).toBeTruthy();
    q = routed.body.data;
    const log = (await t.post('/api/resource/question/log', { id: q.id }, as.province)).body.data as {
      action: string;
    }[];
    expect(log.map((r) => r.action)).toEqual(['create', 'update', 'route']);
    const notices = (await t.post('/api/notification/list', {}, as.expert1)).body.data.list;
    expect(notices[0]).toMatchObject({ kind: 'questionRouted', link: `/expertQuetion/lookExpertQuetion?id=${q.id}` });
    expect(await titles('expert1')).toEqual(['如何确定研究方法？']);
    expect(await titles('expert2')).toEqual([]);
    expect((await fire('expert2', 'answer', '越权回复')).status).toBe(404);
  });

  it('the expert answers, the asker is told, may follow up once, and gets the follow-up answer', async () => {
    expect((await fire('expert1', 'answer')).body.result).toBe('参数不合法');
    const answered = await fire('expert1', 'answer', '建议以行动研究为主，辅以案例分析。');
    q = answered.body.data;
    expect(q).toMatchObject({ status: '2', answer: '建议以行动研究为主，辅以案例分析。' });
    expect((await t.post('/api/notification/list', {}, as.leader1)).body.data.list[0]).toMatchObject({
      kind: 'questionAnswered',
    });
    expect((await fire('leader2', 'followUp', '我也想问')).status).toBe(404);
    q = (await fire('leader1', 'followUp', '样本量多少合适？')).body.data;
    expect(q).toMatchObject({ status: '3', followUp: '样本量多少合适？' });
    q = (await fire('expert1', 'answerFollowUp', '一般不少于两个班级。')).body.data;
    expect(q).toMatchObject({ status: '2', followUpAnswer: '一般不少于两个班级。' });
    expect((await fire('leader1', 'followUp', '再追问')).status).toBe(403);
    // The answer fields are the workflow's: a save cannot write them.
    expect(
      (await t.post('/api/resource/question/save', { id: q.id, version: q.version, answer: 'x' }, as.leader1)).status,
    ).toBe(403);
  });

  it('an administrator publishes a good answer as a public FAQ, readable without login', async () => {
    expect((await t.post('/api/public/question/list', {})).body.data.total).toBe(0);
    expect((await fire('leader1', 'publishFaq')).status).toBe(403);
    q = (await fire('province', 'publishFaq')).body.data;
    expect(q.faq).toBe(true);
    const list = (await t.post('/api/public/question/list', {})).body.data;
    expect(list.list).toHaveLength(1);
    expect(list.list[0]).toMatchObject({ title: '如何确定研究方法？', answer: '建议以行动研究为主，辅以案例分析。' });
    expect(list.list[0]).not.toHaveProperty('askerName');
    expect(list.list[0]).not.toHaveProperty('expertIds');
  });
});

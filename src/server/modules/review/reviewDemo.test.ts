import { pdfText } from '../../platform/testing/pdfText.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { zipEntries } from '../../platform/testing/zipEntries.js';
import { WAITING_TOPICS } from './demoWaitingTopics.js';
import { DEMO_APPLICANTS } from '../topics/demoApplicants.js';

type H = Record<string, string>;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
});
afterAll(async () => {
  await t?.close();
});

const download = (id: number, h: H) => t.inject({ method: 'GET', url: `/api/file/download?id=${id}`, headers: h });

async function tasksOf(h: H, where: Record<string, unknown> = {}) {
  const r = await t.post('/api/resource/review/list', { pageSize: 100, ...where }, h);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.list as Array<Record<string, any>>;
}

/** Every file of every document field a task answer lists. */
async function documentsOf(h: H, reviewId: number): Promise<number[]> {
  const r = await t.post('/api/review/task', { id: reviewId }, h);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body.data.documents as Array<{ files: Array<{ id: number }> }>).flatMap((d) => d.files.map((f) => f.id));
}

describe('review on the demo data', () => {
  it('expert1 downloads the material of every topic assigned to them; other experts are refused', async () => {
    const expert1 = await t.loginAs('expert1');
    const tasks = await tasksOf(expert1);
    expect(tasks.length).toBeGreaterThan(0);
    const mine: number[] = [];
    for (const task of tasks) {
      const ids = await documentsOf(expert1, task.id);
      expect(ids.length, `${task.targetName} has no material`).toBeGreaterThan(0);
      for (const id of ids) {
        const res = await download(id, expert1);
        expect(res.statusCode, `${task.targetName}: file ${id}`).toBe(200);
        mine.push(id);
      }
    }
    // An expert with no task on these topics reads none of their files.
    const other = await t.loginAs('zjwu');
    expect(await tasksOf(other)).toHaveLength(0);
    for (const id of mine) expect((await download(id, other)).statusCode).toBe(404);
  });

  it('expert1 downloads the application form generated for each topic task, without the leader, unit and members in a blind batch', async () => {
    const expert1 = await t.loginAs('expert1');
    const application = (id: number, h: H) =>
      t.inject({ method: 'POST', url: `/api/review/application?id=${id}`, headers: h });
    const province = await t.loginAs('province');
    const tasks = await tasksOf(expert1);
    const topics = tasks.filter((r) => r.targetEntity === 'topic');
    expect(topics.length).toBeGreaterThan(0);
    for (const task of topics) {
      expect((await t.post('/api/review/task', { id: task.id }, expert1)).body.data.application).toBe(true);
      const res = await application(task.id, expert1);
      expect(res.statusCode, task.targetName).toBe(200);
      // The demo batches are blind: a PDF without the identity fields.
      expect(res.headers['content-type']).toBe('application/pdf');
      const text = pdfText(res.rawPayload);
      const topic = (await t.post('/api/resource/topic/get', { id: task.targetId }, province)).body.data;
      expect(text).toContain(String(topic.name));
      for (const secret of [topic.leader, topic.unit, ...(topic.members ?? []).map((m: { name: string }) => m.name)])
        expect(text, `${task.targetName}: ${secret}`).not.toContain(String(secret));
    }
    // Not through another expert's task, nor for a result (no application form).
    expect((await application(topics[0]!.id, await t.loginAs('zjwu'))).statusCode).toBe(404);
    const result = tasks.find((r) => r.targetEntity === 'achievement');
    if (result) expect((await application(result.id, expert1)).statusCode).toBe(404);
  });

  it('the demo has a running batch of every review kind; its 开题 batch speaks 开题 and holds a topic in 开题 review', async () => {
    const province = await t.loginAs('province');
    const batches = (await t.post('/api/resource/reviewBatch/list', { pageSize: 100 }, province)).body.data
      .list as Array<Record<string, any>>;
    const running = new Set(batches.filter((b) => b.status === '1').map((b) => String(b.stage)));
    expect([...running].sort()).toEqual(['1', '2', '3', '4', '5']);
    const opening = batches.find((b) => b.status === '1' && b.stage === '2')!;
    const batch = (await t.post('/api/resource/reviewBatch/get', { id: opening.id }, province)).body.data;
    expect(batch.name).toContain('开题评审');
    expect(batch.recommendations.map((r: { name: string }) => r.name)).toEqual([
      '同意开题',
      '修改后开题',
      '不同意开题',
    ]);
    expect(batch.criteria.map((c: { name: string }) => c.name)).toEqual(['研究方案', '可行性', '预期成果']);
    const reviews = (await tasksOf(province)).filter((r) => r.batchId === opening.id);
    expect(reviews.length).toBeGreaterThan(0);
    const submitted = reviews.find((r) => r.status === '2')!;
    expect(Object.keys(submitted.scores)).toEqual(['研究方案', '可行性', '预期成果']);
    expect(submitted.recommendation).toBe('同意开题');
    const topic = (await t.post('/api/resource/topic/get', { id: submitted.targetId }, province)).body.data;
    expect([topic.status, topic.stage]).toEqual(['5', 2]);
  });

  it('a demo topic in review has material of its own: no two topics share one application file', async () => {
    const province = await t.loginAs('province');
    const r = await t.post('/api/resource/topic/list', { pageSize: 100 }, province);
    const seen = new Map<number, string>();
    for (const topic of r.body.data.list as Array<Record<string, any>>) {
      for (const f of (topic.applicationDoc ?? []) as Array<{ id: number }>) {
        expect(seen.get(f.id), `${topic.name} shares file ${f.id} with ${seen.get(f.id)}`).toBeUndefined();
        seen.set(f.id, String(topic.name));
      }
    }
  });

  it('province: switching 异地评审 on after allocation is refused while same-area experts are allocated, naming them; nothing changes', async () => {
    const province = await t.loginAs('province');
    const batches = (await t.post('/api/resource/reviewBatch/list', { pageSize: 100 }, province)).body.data
      .list as Array<Record<string, any>>;
    const running = batches.find(
      (b) => b.status === '1' && b.outOfArea === false && String(b.name).includes('定州市'),
    )!;
    expect(running).toBeDefined();
    const batch = (await t.post('/api/resource/reviewBatch/get', { id: running.id }, province)).body.data;
    const {
      createdAt: _c,
      updatedAt: _u,
      createdBy: _cb,
      updatedBy: _ub,
      ownerId: _o,
      areaCode: _a,
      status: _s,
      templateLocked: _t,
      endedAt: _e,
      endReason: _r,
      copiedFrom: _f,
      ...editable
    } = batch;
    const r = await t.post('/api/resource/reviewBatch/save', { ...editable, outOfArea: true }, province);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    const [problem] = r.body.data as Array<{ field: string; message: string }>;
    expect(problem!.field).toBe('outOfArea');
    // expert1 (王专家) and the topics of 定州市 are of area 1123.
    expect(problem!.message).toContain('王专家');
    expect(problem!.message).toContain('本批次要求异地评审，专家与课题同地区，须回避');
    expect((await t.post('/api/resource/reviewBatch/get', { id: running.id }, province)).body.data).toMatchObject({
      outOfArea: false,
      version: batch.version,
    });
    // Other edits of the batch still save.
    const ok = await t.post(
      '/api/resource/reviewBatch/save',
      { ...editable, description: '请独立评审，按时提交。' },
      province,
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    // A batch without allocations takes the rule.
    const empty = batches.find((b) => b.status === '0')!;
    const e = (await t.post('/api/resource/reviewBatch/get', { id: empty.id }, province)).body.data;
    const {
      createdAt: _c2,
      updatedAt: _u2,
      createdBy: _cb2,
      updatedBy: _ub2,
      ownerId: _o2,
      areaCode: _a2,
      status: _s2,
      templateLocked: _t2,
      endedAt: _e2,
      endReason: _r2,
      copiedFrom: _f2,
      ...rest
    } = e;
    expect((await t.post('/api/resource/reviewBatch/save', { ...rest, outOfArea: true }, province)).status).toBe(200);
  });

  it('expert1: the home page and the lists show the same open tasks, topics and results each under their own heading', async () => {
    const expert1 = await t.loginAs('expert1');
    const home = await t.post('/api/workbench/data', { pageId: 'workbench/home.dashboard' }, expert1);
    expect(home.status).toBe(200);
    const page = t.ctx.schemas.pages.get('workbench/home.dashboard') as {
      blocks: Array<{
        title: string;
        type: string;
        roles?: string[];
        items?: Array<{ label: string; count: string; to?: string }>;
      }>;
    };
    const at = (title: string, type: string) =>
      home.body.data.blocks[
        page.blocks.findIndex((b) => b.title === title && b.type === type && (!b.roles || b.roles.includes('5')))
      ];
    const todo = page.blocks.find((b) => b.title === '待办' && b.roles?.includes('5'))!;
    const figures = at('待办', 'statistic').items as number[];
    const figure = (label: string) => figures[todo.items!.findIndex((i) => i.label === label)];
    const pairs = [
      ['待评审课题', 'review/review.list', '/reviewManagement/list'],
      ['待评审成果', 'results/review.list', '/resultsManagement/reviewList'],
    ] as const;
    for (const [title, listPage, path] of pairs) {
      const block = at(title, 'list') as { count: number; rows: Array<{ id: number }> };
      // What the list page the figure links to shows as not yet submitted.
      const open = (await tasksOf(expert1, { pageId: listPage })).filter((r) => r.status !== '2');
      expect(open.length, title).toBeGreaterThan(0);
      expect(block.rows.map((r) => r.id).sort(), title).toEqual(open.map((r) => r.id).sort());
      expect(block.count, title).toBe(open.length);
      expect(figure(title), title).toBe(open.length);
      expect(todo.items!.find((i) => i.label === title)!.to, title).toBe(path);
    }
  });

  it('the 活页 a blind demo batch serves names nobody; one waiting application is flagged before allocation', async () => {
    const expert1 = await t.loginAs('expert1');
    const province = await t.loginAs('province');
    let read = 0;
    for (const task of await tasksOf(expert1)) {
      const answer = (await t.post('/api/review/task', { id: task.id }, expert1)).body.data;
      if (!answer.batch.blind || task.targetEntity !== 'topic') continue;
      const topic = (await t.post('/api/resource/topic/get', { id: task.targetId }, province)).body.data;
      const secrets = [topic.leader, topic.unit, ...(topic.members ?? []).map((m: { name: string }) => m.name)];
      for (const doc of answer.documents as Array<{ field: string; files: Array<{ id: number }> }>) {
        expect(doc.field, task.targetName).toBe('argumentSheet');
        for (const f of doc.files) {
          const body = (await zipEntries((await download(f.id, expert1)).rawPayload)).get('word/document.xml')!;
          for (const secret of secrets)
            expect(body.toString('utf8'), `${task.targetName}: ${secret}`).not.toContain(secret);
          read++;
        }
      }
    }
    expect(read).toBeGreaterThan(0);

    // On a fresh start the organiser finds the waiting applications in a blind 立项 batch of their
    // own, not yet allocated, and sees each one's flag there before allocating.
    const city = await t.loginAs('city1123');
    const batches = (await t.post('/api/resource/reviewBatch/list', { pageSize: 100 }, city)).body.data.list as Array<
      Record<string, any>
    >;
    const b = batches.find((x) => x.blind === true && x.stage === '1' && x.status === '0');
    expect(b, JSON.stringify(batches.map((x) => [x.name, x.stage, x.status, x.blind]))).toBeDefined();
    const c = (await t.post('/api/review/candidates', { batchId: b!.id }, city)).body.data;
    const flags = c.targets.map(
      (x: { name: string; identity?: { state: string } }) => `${x.name}:${x.identity?.state}`,
    );
    expect(flags).toContain(`${WAITING_TOPICS[0]!.name}:found`);
    const named = c.targets.find((x: { name: string }) => x.name === WAITING_TOPICS[0]!.name);
    expect(named.identity.findings.map((f: { word: string }) => f.word)).toEqual(
      expect.arrayContaining([DEMO_APPLICANTS[0].realName, DEMO_APPLICANTS[0].orgName]),
    );
    for (const w of WAITING_TOPICS.slice(1)) expect(flags).toContain(`${w.name}:clean`);
  });
});

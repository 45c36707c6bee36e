import { pdfText } from '../../platform/testing/pdfText.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../platform/testing/testApp.js';

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
});

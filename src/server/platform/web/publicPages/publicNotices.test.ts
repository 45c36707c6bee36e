import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishNotice } from '../../../modules/topics/topics.fixture.js';
import { createTestApp, type TestApp } from '../../../testApp.js';

let t: TestApp;
let clientDir: string;
let open: { id: number; title: string };
let later: { id: number };
let midterm: { id: number };
let draft: { id: number };

const page = (url: string) => t.inject({ method: 'GET', url });

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html lang="zh-CN"><head><title>x</title><script type="module" crossorigin src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ clientDir });
  const province = await t.loginAs('province');
  open = await publishNotice(t, province, { title: '2026年度全省教育科研课题申报通知' });
  later = await publishNotice(t, province, { title: '下月开始的申报通知', startHours: 24 * 20, endHours: 24 * 40 });
  midterm = await publishNotice(t, province, { title: '中期报告通知', stage: 2 });
  draft = await publishNotice(t, province, { title: '未发布的申报通知', publish: false });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('application notices on the public site', () => {
  it('lists the open application notices to visitors, and only them', async () => {
    const list = await t.post('/api/public/notice/list', { pageId: 'portal/notice.open', page: 1, pageSize: 10 });
    expect(list.status).toBe(200);
    expect(list.body.data.list.map((r: { id: number }) => r.id)).toEqual([open.id]);
    const html = await page('/applicationNotices');
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain(`<a href="/applicationNotices/look?id=${open.id}">${open.title}</a>`);
    // The page drawn (the route tree embedded beside it names the notice stages too).
    const drawn = /<main class="ssr-page">([\s\S]*?)<\/main>/.exec(html.body)![1];
    expect(drawn).not.toContain('下月开始的申报通知');
    expect(drawn).not.toContain('中期报告通知');
    expect(drawn).toContain('共1条记录');
  });

  it("an open notice's page offers 我要申报, to that notice's application form", async () => {
    const res = await page(`/applicationNotices/look?id=${open.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<h1 class="ssr-title">${open.title}</h1>`);
    expect(res.body).toContain('请按要求申报。');
    expect(res.body).toContain(
      `<a class="ssr-action ssr-action-primary" href="/projectManagement/declarationGuidelines/projectApplication?noticeId=${open.id}">我要申报</a>`,
    );
    for (const other of [later, midterm, draft])
      expect((await page(`/applicationNotices/look?id=${other.id}`)).statusCode).toBe(404);
  });

  it('home shows the open notices and, for visitors, 注册 and 申报指南; the guide lists the open notices', async () => {
    const home = await page('/homePage');
    expect(home.body).toContain('<h2>申报通知</h2>');
    expect(home.body).toContain(`>${open.title}</a>`);
    expect(home.body).toContain('<a href="/signUp/signUp">注册</a>');
    expect(home.body).toContain('<a href="/applicationGuide">申报指南</a>');
    const guide = await page('/applicationGuide');
    expect(guide.statusCode).toBe(200);
    expect(guide.body).toContain('<h2>正在申报的通知</h2>');
    expect(guide.body).toContain(`>${open.title}</a>`);
    expect(guide.body).toContain('<a href="/signUp/signUp">注册</a>');
  });
});

import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testApp.js';

let t: TestApp;
let clientDir: string;
let province: Record<string, string>;
const notices: { id: number; title: string }[] = [];

async function publish(entity: string, title: string, content: string, summary?: string): Promise<number> {
  const saved = await t.post(
    `/api/resource/${entity}/save`,
    { subAct: 'a', title, content, ...(summary ? { summary } : {}) },
    province,
  );
  const rec = saved.body.data;
  expect(
    (
      await t.post(
        `/api/resource/${entity}/transition`,
        { subAct: 'a', id: rec.id, version: rec.version, action: 'publish' },
        province,
      )
    ).status,
  ).toBe(200);
  return rec.id;
}

const page = (url: string, headers: Record<string, string> = {}) => t.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><title>教育科研课题管理平台</title><script type="module" crossorigin src="/assets/index.js"></script><link rel="modulepreload" crossorigin href="/assets/react.js"><link rel="modulepreload" crossorigin href="/assets/antd.js"></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ clientDir });
  province = await t.loginAs('province');
  for (let i = 1; i <= 12; i++) {
    const title = `关于第${i}批课题申报的通知`;
    notices.push({
      id: await publish(
        'announcement',
        title,
        `<p>第${i}批申报正文，截止日期见附件。</p>`,
        i === 12 ? '第十二批申报的摘要' : undefined,
      ),
      title,
    });
  }
  await publish('activityDynamics', '全省课题研讨会召开', '<p>研讨会纪要</p>');
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('server-rendered public pages', () => {
  it('the notice list holds the titles of its first page as links, its own title and description', async () => {
    const api = await t.post('/api/public/announcement/list', {
      pageId: 'portal/announcement.list',
      page: 1,
      pageSize: 10,
    });
    const firstPage = api.body.data.list as { id: number; title: string }[];
    expect(firstPage).toHaveLength(10);
    const res = await page('/noticeAnnouncement');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    for (const row of firstPage)
      expect(res.body).toContain(`<a href="/noticeAnnouncement/lookAnnouncement?id=${row.id}">${row.title}</a>`);
    expect(res.body).not.toContain('关于第1批课题申报的通知<');
    expect(res.body).toMatch(/<title>通知公告 - [^<]+<\/title>/);
    expect(res.body).toMatch(/<meta name="description" content="[^"]*通知公告，共12条，最新：关于第12批课题申报的通知/);
    // The app's code is not in the page: its loader has the entry and modules to fetch on the first touch.
    expect(res.body).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const loader =
      /<script id="app-boot" data-entry="\/assets\/index.js" data-preload="\/assets\/react.js \/assets\/antd.js">([^<]+)<\/script>/.exec(
        res.body,
      );
    expect(loader).not.toBeNull();
    // Inline, so the page's CSP allows that script and no other.
    const hash = crypto.createHash('sha256').update(loader![1]).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`script-src 'self' 'wasm-unsafe-eval' 'sha256-${hash}';`);
    // The answer the list was drawn from, for the app to take instead of asking again.
    const embedded = JSON.parse(
      /<script type="application\/json" id="embedded-answers">([^<]*)<\/script>/.exec(res.body)![1],
    );
    const byPath = (p: string) => embedded.answers.find((a: { path: string }) => a.path === p);
    expect(byPath('public/announcement/list')).toMatchObject({
      body: { pageId: 'portal/announcement.list', page: 1, pageSize: 10 },
    });
    expect(byPath('public/announcement/list').data.list.map((r: { id: number }) => r.id)).toEqual(
      firstPage.map((r) => r.id),
    );
    // And what the app asks for before it can draw anything, as the calls answer it.
    expect(byPath('schema/page')).toEqual({
      path: 'schema/page',
      body: { id: 'portal/announcement.list' },
      data: (await t.post('/api/schema/page', { id: 'portal/announcement.list' })).body.data,
    });
    expect(byPath('schema/routes').data).toEqual((await t.post('/api/schema/routes', {})).body.data);
    expect(byPath('basicInfoMaintain/querySysName').data.systemName).toBeTruthy();
  });

  it('links every page of the list (?page=n), and draws the page an address names with its answer', async () => {
    const first = await page('/noticeAnnouncement');
    expect(first.body).toContain(
      '<nav class="ssr-pager" aria-label="分页"><span aria-current="page">1</span> <a href="/noticeAnnouncement?page=2">2</a></nav>',
    );
    const api = await t.post('/api/public/announcement/list', {
      pageId: 'portal/announcement.list',
      page: 2,
      pageSize: 10,
    });
    const secondPage = api.body.data.list as { id: number; title: string }[];
    expect(secondPage).toHaveLength(2);
    const res = await page('/noticeAnnouncement?page=2');
    expect(res.statusCode).toBe(200);
    for (const row of secondPage) expect(res.body).toContain(`>${row.title}</a>`);
    expect(res.body).toContain('<a href="/noticeAnnouncement">1</a> <span aria-current="page">2</span>');
    const embedded = JSON.parse(
      /<script type="application\/json" id="embedded-answers">([^<]*)<\/script>/.exec(res.body)![1],
    );
    expect(embedded.answers.find((a: { path: string }) => a.path === 'public/announcement/list').body).toMatchObject({
      page: 2,
    });
    // Not a page number: the first page.
    expect((await page('/noticeAnnouncement?page=abc')).body).toContain('<span aria-current="page">1</span>');
    // A page past the last shows nothing: not a page of the list.
    const past = await page('/noticeAnnouncement?page=99');
    expect(past.statusCode).toBe(404);
    expect(past.body).toContain('<meta name="robots" content="noindex">');
  });

  it('draws the list a search in the address names, asked as the app asks it there, its pager keeping the search', async () => {
    const res = await page(`/noticeAnnouncement?title=${encodeURIComponent('第1')}`);
    expect(res.statusCode).toBe(200);
    // 第1批, 第10批, 第11批, 第12批: four of twelve.
    expect(res.body).toContain('共4条记录');
    expect(res.body).toContain('>关于第10批课题申报的通知</a>');
    expect(res.body).not.toContain('>关于第2批课题申报的通知</a>');
    const embedded = JSON.parse(
      /<script type="application\/json" id="embedded-answers">([^<]*)<\/script>/.exec(res.body)![1],
    );
    const list = embedded.answers.find((a: { path: string }) => a.path === 'public/announcement/list');
    expect(list.body).toEqual({
      pageId: 'portal/announcement.list',
      page: 1,
      pageSize: 10,
      filters: [{ field: 'title', op: 'like', value: '第1' }],
      sort: { field: 'publishTime', order: 'desc' },
    });
    expect(list.data.total).toBe(4);
    const small = await page(`/noticeAnnouncement?title=${encodeURIComponent('申报')}&page=2`);
    expect(small.body).toContain(
      `<a href="/noticeAnnouncement?title=${encodeURIComponent('申报')}">1</a> <span aria-current="page">2</span>`,
    );
  });

  it('a notice holds its text, its title and its summary as description', async () => {
    const last = notices[11];
    const res = await page(`/noticeAnnouncement/lookAnnouncement?id=${last.id}`);
    expect(res.body).toContain('第12批申报正文，截止日期见附件。');
    expect(res.body).toContain(`<h1 class="ssr-title">${last.title}</h1>`);
    expect(res.body).toMatch(new RegExp(`<title>${last.title} - 通知公告 - [^<]+</title>`));
    expect(res.body).toContain('<meta name="description" content="第十二批申报的摘要">');
    const plainOne = await page(`/noticeAnnouncement/lookAnnouncement?id=${notices[0].id}`);
    expect(plainOne.body).toContain('<meta name="description" content="第1批申报正文，截止日期见附件。">');
  });

  it('a notice that is not there, not public or not a number answers 404 saying so, out of search results', async () => {
    const draft = (
      await t.post('/api/resource/announcement/save', { subAct: 'a', title: '未发布的通知', content: '草稿' }, province)
    ).body.data.id;
    for (const id of ['999999', String(draft), 'abc']) {
      const res = await page(`/noticeAnnouncement/lookAnnouncement?id=${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.body).toContain('<p class="ssr-missing">您访问的内容不存在或已撤下</p>');
      expect(res.body).toContain('<meta name="robots" content="noindex">');
      expect(res.body).not.toContain('未发布的通知');
      expect(res.body).toContain('<script id="app-boot"');
    }
  });

  it('every record page answers 404 for a record that is not there, not public, not a number or not named', async () => {
    for (const url of [
      '/approvedTopics/look?id=999999',
      '/approvedTopics/look?id=abc',
      '/approvedTopics/look',
      '/concludedTopics/look?id=1.5',
      '/expertFaq/lookFaq?id=999999',
      '/noticeAnnouncement/lookAnnouncement',
      '/rulesRegulations/lookRules?id=',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<meta name="robots" content="noindex">');
      expect(res.body, url).toContain('<p class="ssr-missing">您访问的内容不存在或已撤下</p>');
    }
  });

  it('home holds the latest of each section; the FAQ and the certificate check have their own titles', async () => {
    const home = await page('/homePage');
    expect(home.body).toContain('<h2>通知公告</h2>');
    expect(home.body).toContain('<h2>活动动态</h2>');
    expect(home.body).toContain(`>${notices[11].title}</a>`);
    expect(home.body).toContain('>全省课题研讨会召开</a>');
    expect(home.body).toContain('<a href="/noticeAnnouncement">更多</a>');
    expect(home.body).toMatch(/<meta name="description" content="[^"]+">/);
    expect((await page('/expertFaq')).body).toMatch(/<title>常见问题 - /);
    const verify = await page('/verify');
    expect(verify.body).toMatch(/<title>结题证书查验 - /);
    expect(verify.body).toContain('<input name="no"');
  });

  it('lists the published records in the sitemap, and robots.txt names it', async () => {
    const map = await page('/sitemap.xml');
    expect(map.headers['content-type']).toMatch(/xml/);
    for (const n of notices) expect(map.body).toContain(`/noticeAnnouncement/lookAnnouncement?id=${n.id}</loc>`);
    expect(map.body).toContain('/homePage</loc>');
    const robots = await page('/robots.txt');
    expect(robots.body).toMatch(/Sitemap: http:\/\/[^/]+\/sitemap\.xml/);
  });

  it('revalidates with 304 until a record shown changes, compresses, and caches nothing for a signed-in caller', async () => {
    const first = await page('/noticeAnnouncement', { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(first.rawPayload).toString()).toContain(notices[11].title);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await page('/noticeAnnouncement', { 'if-none-match': etag })).statusCode).toBe(304);
    await publish('announcement', '关于第13批课题申报的通知', '<p>第13批申报正文</p>');
    const changed = await page('/noticeAnnouncement', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('关于第13批课题申报的通知');
    expect(changed.headers.etag).not.toBe(etag);
    const signedIn = await t.inject({
      method: 'POST',
      url: '/api/resource/announcement/list',
      headers: province,
      payload: { subAct: 'a', page: 1, pageSize: 10 },
    });
    expect(signedIn.headers['cache-control']).toBe('no-store');
    expect(signedIn.headers.etag).toBeUndefined();
  });
});

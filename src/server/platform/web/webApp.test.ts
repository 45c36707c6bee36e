import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';

const JS = `console.log(${JSON.stringify('课题'.repeat(2000))});`;
let t: TestApp;
let clientDir: string;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
  );
  const js = path.join(clientDir, 'assets', 'index-Abc123.js');
  fs.writeFileSync(js, JS);
  fs.writeFileSync(`${js}.br`, zlib.brotliCompressSync(JS));
  fs.writeFileSync(`${js}.gz`, zlib.gzipSync(JS));
  // The shell's drawing as the build leaves it beside the web app (dist-ssr/): a stand-in that says
  // what it was handed, the real one is src/client/ssr/serverFrame.tsx's, tested there.
  fs.mkdirSync(`${clientDir}-ssr`);
  fs.writeFileSync(
    path.join(`${clientDir}-ssr`, 'serverFrame.js'),
    'export function renderFrame(i) { return { html: `<header class="shell-header">${i.routes.length} routes, at ${i.url}</header><div class="ssr-page">${i.pageHtml}</div>`, styles: "<style>.shell-header{}</style>" }; }',
  );
  t = await createTestApp({ clientDir });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
  fs.rmSync(`${clientDir}-ssr`, { recursive: true, force: true });
});

describe('static files', () => {
  it('sends the precompressed copy the browser accepts, hashed assets cached as immutable', async () => {
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await t.inject({
        method: 'GET',
        url: '/assets/index-Abc123.js',
        headers: { 'accept-encoding': accept },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(res.rawPayload).toString()).toBe(JS);
    }
    const plain = await t.inject({ method: 'GET', url: '/assets/index-Abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(JS);
  });

  it('never caches index.html without asking', async () => {
    for (const url of ['/index.html', '/homePage']) {
      const res = await t.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers 404 with the fallback page, out of search results, for a path no route declares', async () => {
    for (const url of ['/no/such/page', '/noticeAnnouncement/nothing?id=1', '/homePage/x']) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<meta name="robots" content="noindex">');
      expect(res.body).toContain('抱歉，您访问的页面不存在。');
      expect(res.body).toContain('<a href="/homePage">返回首页</a>');
      // In the site's frame, as every public page: its navigation and 登录 before the app arrives,
      // and the app's first answers with it, not asked again.
      expect(res.body).toMatch(
        new RegExp(`<header class="shell-header">\\d+ routes, at ${url.replace(/[?]/g, '\\?')}</header>`),
      );
      expect(res.body).toContain('<style>.shell-header{}</style>');
      expect(res.body).toMatch(/"path":"schema\/routes"/);
    }
    // Declared routes stay pages, those that need a login too (the app asks for it).
    for (const url of ['/projectManagement/projectList', '/signUp/signUp'])
      expect((await t.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    // A declared page with a stray slash: to its one address.
    const slash = await t.inject({ method: 'GET', url: '/approvedTopics/look/?id=1' });
    expect(slash.statusCode).toBe(301);
    expect(slash.headers.location).toBe('/approvedTopics/look?id=1');
  });

  it('gives the app page an ETag and answers a matching revalidation with 304, never for a signed-in caller', async () => {
    const first = await t.inject({ method: 'GET', url: '/homePage' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.vary).toMatch(/Authorization/);
    const again = await t.inject({ method: 'GET', url: '/homePage', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await t.inject({ method: 'GET', url: '/homePage', headers: { 'if-none-match': '"older"' } });
    expect(other.statusCode).toBe(200);
    const auth = await t.loginAs('province');
    const signedIn = await t.inject({
      method: 'GET',
      url: '/homePage',
      headers: { ...auth, 'if-none-match': etag },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers.etag).toBeUndefined();
    const call = await t.inject({ method: 'POST', url: '/api/schema/routes', headers: auth, payload: {} });
    expect(call.headers['cache-control']).toBe('no-store');
    expect(call.headers.etag).toBeUndefined();
  });

  it('answers HEAD on an app route as GET, without the body; HEAD on an unknown API stays 404', async () => {
    const head = await t.inject({ method: 'HEAD', url: '/homePage' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/text\/html/);
    expect(head.body).toBe('');
    expect((await t.inject({ method: 'HEAD', url: '/api/nothing' })).statusCode).toBe(404);
  });
});

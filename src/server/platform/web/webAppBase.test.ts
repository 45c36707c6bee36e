import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';

// One build, any base: the built page names its assets relative to itself (vite `base: './'`).
let t: TestApp;
let clientDir: string;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head><title>x</title><script type="module" crossorigin src="./assets/index-Abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(clientDir, 'assets', 'index-Abc123.js'), 'export {};');
  t = await createTestApp({ clientDir, basePath: '/ktgl/' });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('a build served under a base path chosen at run time', () => {
  it('writes the base into every page it sends, drawn by the server or not', async () => {
    for (const [url, status] of [
      ['/ktgl/homePage', 200],
      ['/ktgl/projectManagement/projectList', 200],
      ['/ktgl/no/such/page', 404],
    ] as const) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.body, url).toMatch(/^<!doctype html><html><head><base href="\/ktgl\/">/);
      expect(res.body, url).toContain('./assets/index-Abc123.js');
    }
    expect((await t.inject({ method: 'GET', url: '/ktgl/assets/index-Abc123.js' })).statusCode).toBe(200);
  });

  it('serves the calls under the base, and signs file links under it', async () => {
    const routes = await t.inject({ method: 'POST', url: '/ktgl/api/schema/routes', payload: {} });
    expect(routes.statusCode).toBe(200);
    expect(routes.json().flag).toBe(true);
    const captcha = await t.inject({ method: 'GET', url: '/ktgl/sso/captcha' });
    expect(captcha.statusCode).toBe(200);
    expect(captcha.json().data.captchaId).toEqual(expect.any(String));
    // The root stays served: links written before the base was set.
    expect((await t.inject({ method: 'POST', url: '/api/schema/routes', payload: {} })).json().flag).toBe(true);
    const { signedLink } = await import('../files/fileRecords.js');
    expect(await signedLink(t.ctx, null, 5, 'download')).toBe('/ktgl/api/file/download?id=5');
  });
});

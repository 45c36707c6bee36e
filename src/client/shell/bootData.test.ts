// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import bundled from '../../../schemas/routes.json';
import { bootIfReady, requestBoot, resetBoot } from './bootData.js';

let answers: Record<string, () => Response>;
let calls: string[];

function reply(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  resetBoot();
  calls = [];
  answers = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.split('?')[0];
      calls.push(path);
      return answers[path]?.() ?? reply({ flag: false, data: null, result: '接口不存在', code: 404 }, 404);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetBoot();
});

describe('boot data', () => {
  it('asks for the routes and site settings once, through the request layer, and keeps the answer', async () => {
    const routes = [{ path: '/homePage', name: '首页', component: 'homePage', public: true }];
    answers['/api/schema/routes'] = () => reply({ flag: true, code: 200, data: { routes } });
    answers['/api/basicInfoMaintain/querySysName'] = () =>
      reply({ flag: true, code: 200, data: { systemName: '课题平台' } });
    expect(bootIfReady()).toBeNull();
    const first = requestBoot();
    expect(requestBoot()).toBe(first);
    const boot = await first;
    expect(boot).toEqual({ routes, settings: { systemName: '课题平台' } });
    expect(bootIfReady()).toBe(boot);
    expect(calls.sort()).toEqual(['/api/basicInfoMaintain/querySysName', '/api/schema/routes']);
  });

  it('falls back to the built-in routes and no settings when the server does not answer', async () => {
    const boot = await requestBoot();
    expect(boot.routes).toEqual(bundled.routes);
    expect(boot.settings).toBeNull();
  });
});

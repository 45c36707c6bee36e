import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from '../../testApp.js';
import { appLogin } from '../../platform/testing/ssoTestHelpers.js';
import { routeTable, type RouteEntry } from './routeTable.js';

/** Routes the platform owns: these must answer exactly 参数不合法 to every malformed request. */
const PLATFORM =
  /^\/(sso\/|api\/(sys|basicInfoMaintain|home|tTopicMeetings|dic|categoryDict|tKeepWatchShift|tKeepWatchPerson)\/)/;

const JSON_TYPE = { 'content-type': 'application/json' };
const POST_VARIANTS: { name: string; headers?: Record<string, string>; payload: string }[] = [
  { name: 'invalid JSON', headers: JSON_TYPE, payload: '{"subAct":' },
  { name: 'a JSON array', headers: JSON_TYPE, payload: '[1,2,3]' },
  { name: 'a JSON string', headers: JSON_TYPE, payload: '"hello"' },
  { name: 'JSON null', headers: JSON_TYPE, payload: 'null' },
  { name: 'an object where a string belongs', headers: JSON_TYPE, payload: JSON.stringify({ subAct: { a: 1 } }) },
  { name: 'an array where a string belongs', headers: JSON_TYPE, payload: JSON.stringify({ subAct: ['a', 'b'] }) },
  { name: 'an unknown key', headers: JSON_TYPE, payload: JSON.stringify({ zzUnknownKey: 'x' }) },
  { name: 'a huge string', headers: JSON_TYPE, payload: JSON.stringify({ subAct: 'x'.repeat(100_000) }) },
  {
    name: 'a body over the size limit',
    headers: JSON_TYPE,
    payload: JSON.stringify({ subAct: 'x'.repeat(3 * 1024 * 1024) }),
  },
  { name: 'a wrong content type', headers: { 'content-type': 'text/plain' }, payload: 'hello' },
  { name: 'an unknown content type', headers: { 'content-type': 'application/x-evil' }, payload: '<x/>' },
  {
    name: 'a form with an unknown key',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'zzUnknownKey=1&subAct=a',
  },
];
const GET_QUERIES = [
  { name: 'an unknown query key', query: 'zzUnknownKey=1' },
  { name: 'a huge query value', query: `subAct=${'x'.repeat(20_000)}` },
  { name: 'a repeated query key', query: 'subAct=a&subAct=b' },
];

function concrete(url: string): string {
  return url
    .replace(/:captchaId/g, 'AAAAAAAAAAAAAAAAAAAAAAAA')
    .replace(/:[A-Za-z]+/g, '1')
    .replace(/\*/g, 'x');
}

describe('malformed input to every /api and /sso endpoint', () => {
  let t: TestApp;
  let routes: RouteEntry[];
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    routes = routeTable(t.app).filter(
      (r) => /^\/(api|sso)\//.test(r.url) && (r.method === 'GET' || r.method === 'POST'),
    );
    auth = (await appLogin(t, 'admin')).headers;
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds the routes of every module', () => {
    const urls = routes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /sso/captcha',
        'GET /sso/captcha/image/:captchaId',
        'POST /sso/login',
        'GET /sso/loginState',
        'POST /sso/logout',
        'POST /sso/validate',
        'POST /sso/sms/send',
        'POST /api/sys/login',
        'POST /api/sys/logout',
        'POST /api/sys/saveDefaultNavigation',
        'POST /api/basicInfoMaintain/listBasicInfoMaintain',
        'POST /api/basicInfoMaintain/querySysName',
        'POST /api/home/queryMenuList',
        'POST /api/tTopicMeetings/selectMeetingNoBack',
        'POST /api/dic/getDicListByType',
        'POST /api/home/getDicListByType',
        'POST /api/dic/versions',
        'POST /api/categoryDict/queryCategoryDictByType',
        'POST /api/tKeepWatchShift/selectShiftKeyAndValue',
        'POST /api/tKeepWatchPerson/getToken',
      ]),
    );
  });

  it("answers 4xx with an envelope, never a 500 or a stack trace; the platform's own routes say 参数不合法", async () => {
    const problems: string[] = [];
    let sent = 0;
    const check = async (route: RouteEntry, variant: string, opts: InjectOptions, lenient = false) => {
      sent++;
      const res = await t.inject(opts);
      // Other modules' routes may ignore a stray query key on a POST; they must still never fail with 5xx.
      if (lenient && res.statusCode < 300) return;
      let body: any;
      try {
        body = res.json();
      } catch {
        body = res.body;
      }
      const where = `${route.method} ${route.url} with ${variant}`;
      if (res.statusCode >= 500 || res.statusCode < 400)
        problems.push(`${where}: HTTP ${res.statusCode} ${String(res.body).slice(0, 120)}`);
      else if (!body || body.flag !== false || typeof body.result !== 'string')
        problems.push(`${where}: not an envelope: ${String(res.body).slice(0, 120)}`);
      else if (/at .*\.(ts|js):\d+/.test(res.body)) problems.push(`${where}: leaks a stack trace`);
      else if (PLATFORM.test(route.url) && body.result !== '参数不合法') problems.push(`${where}: says ${body.result}`);
    };
    for (const route of routes) {
      const url = concrete(route.url);
      if (route.method === 'POST') {
        for (const v of POST_VARIANTS) {
          await check(route, v.name, { method: 'POST', url, headers: { ...auth, ...v.headers }, payload: v.payload });
        }
        const sep = url.includes('?') ? '&' : '?';
        for (const q of GET_QUERIES) {
          await check(
            route,
            `${q.name} and an empty body`,
            { method: 'POST', url: `${url}${sep}${q.query}`, headers: { ...auth, ...JSON_TYPE }, payload: '{}' },
            !PLATFORM.test(route.url),
          );
        }
      } else {
        for (const q of GET_QUERIES)
          await check(route, q.name, { method: 'GET', url: `${url}?${q.query}`, headers: auth });
      }
    }
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(routes.length * GET_QUERIES.length);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { RouteDef } from '../../../../shared/schema/types.js';
import { createTestApp, type TestApp } from '../../../testApp.js';
import { buildPublicDrawing, removeDrawing } from '../../testing/builtPublicDrawing.js';
import { dataFingerprint } from '../../testing/dataFingerprint.js';
import { drawnRoot, HOSTILE, liveMarkup } from '../../testing/liveMarkup.js';
import { publicRoutes } from './renderPublicPage.js';

/**
 * Property-based fuzz of the public pages as a visitor's browser asks for them, drawn as
 * `npm start` draws them once built (the shell's frame and the runtime's page kinds): every page
 * route of the public site and addresses no route declares, with hostile query values (markup, huge
 * and negative numbers, NUL, lone surrogates, arrays, unknown keys, prototype names) and hostile
 * path segments. Never a 5xx, a stack trace or a NUL in the page; only 200, a 301 to the page's own
 * address or 404 with noindex; nothing of the address comes back as live markup; nothing stored
 * changes. A tenth of FUZZ_RUNS (each answer is a page drawn with React), FUZZ_SEED as the API's.
 */
const RUNS = Math.max(50, Math.round(Number(process.env.FUZZ_RUNS ?? 2000) / 10));
const SEED = Number(process.env.FUZZ_SEED ?? 20261130);

const KEYS = ['id', 'title', 'page', 'pageSize', 'name', 'keyword', 'sort', '__proto__', 'constructor', 'x'];
const VALUES: fc.Arbitrary<string>[] = [
  fc.constant(HOSTILE),
  fc.constantFrom('1', '0', '-1', '2147483648', '99999999999999999999', '1e308', 'NaN', '1.5', ' 1', '0x10', ''),
  fc.constantFrom('%00', '%ED%A0%80', '%E0%80', '%', '%zz', '..%2F..%2Fetc%2Fpasswd', 'javascript:alert(1)'),
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc.string({ unit: 'binary', maxLength: 20 }).map(encodeURIComponent),
  fc.constant(encodeURIComponent(HOSTILE)),
];

let t: TestApp;
let clientDir: string;
let routes: RouteDef[];

beforeAll(async () => {
  clientDir = await buildPublicDrawing();
  t = await createTestApp({ clientDir });
  routes = publicRoutes(t.ctx.schemas.routes).filter((r) => r.page && !r.redirect);
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (clientDir) removeDrawing(clientDir);
});

const query = fc
  .array(fc.tuple(fc.constantFrom(...KEYS), fc.oneof(...VALUES)), { maxLength: 4 })
  .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));

/** A public page route, or an address beside one that no route declares. */
const address = fc.oneof(
  { weight: 4, arbitrary: fc.nat().map((i) => routes[i % routes.length].path) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.nat(),
        fc.constantFrom('/x', '/%3Cscript%3E', '/..', '//', '/look/', '/%00', `/${encodeURIComponent(HOSTILE)}`),
      )
      .map(([i, tail]) => `${routes[i % routes.length].path}${tail}`),
  },
);

describe('fuzz of the public pages the server draws', () => {
  it(
    `${RUNS} addresses: 200, 301 or a noindex 404, never a 5xx, nothing of the address live, no data change`,
    async () => {
      expect(routes.length).toBeGreaterThan(10);
      const before = await dataFingerprint(t.ctx.database);
      const problems: string[] = [];
      const statuses = new Map<number, number>();
      let drawnByRuntime = 0;
      await fc.assert(
        fc.asyncProperty(address, query, async (path, q) => {
          const url = q ? `${path}?${q}` : path;
          const res = await t.inject({ method: 'GET', url });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const where = `${url.slice(0, 200)} → ${res.statusCode}`;
          if (![200, 301, 404].includes(res.statusCode)) problems.push(`status: ${where} ${res.body.slice(0, 160)}`);
          if (/\bat .+\.(ts|js):\d+/.test(res.body)) problems.push(`stack trace: ${where}`);
          if (res.body.includes('\u0000')) problems.push(`NUL in the page: ${where}`);
          if (res.statusCode === 301) {
            const to = String(res.headers.location ?? '');
            if (!to.startsWith('/') || to.startsWith('//')) problems.push(`redirect off the site: ${where} ${to}`);
            return true;
          }
          if (!String(res.headers['content-type']).startsWith('text/html')) return true;
          if (res.statusCode === 404 && !res.body.includes('<meta name="robots" content="noindex">'))
            problems.push(`404 without noindex: ${where}`);
          const root = drawnRoot(res.body);
          if (root.includes('class="ssr-frame" data-hydrate=')) drawnByRuntime++;
          const live = liveMarkup(root);
          if (live.length) problems.push(`live markup ${live.join(', ')}: ${where}`);
          return true;
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      expect(problems.slice(0, 20)).toEqual([]);
      // The runtime's drawing was what was fuzzed, not only the fallbacks.
      expect(drawnByRuntime).toBeGreaterThan(RUNS / 4);
      expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
      expect(statuses.get(404) ?? 0).toBeGreaterThan(0);
      expect(await dataFingerprint(t.ctx.database)).toBe(before);
    },
    Math.max(300_000, RUNS * 1000),
  );
});

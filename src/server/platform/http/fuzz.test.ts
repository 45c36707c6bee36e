import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from '../../testApp.js';
import { arbitraryOf, entityBodySchema, mutatedJson, mutationArb, type Mutation } from '../testing/schemaArbitrary.js';
import { dataFingerprint, quickFingerprint } from '../testing/dataFingerprint.js';
import { routeSchemas, type RouteSchemaEntry } from './routeSchemas.js';

/**
 * Property-based fuzz of every route of the app (read from the route table, so routes other
 * modules add are covered without touching this file): a body generated from the route's own
 * schema (a save body from the entity's fields), with hostile mutations (deep nesting, huge
 * numbers, NUL, lone surrogates, prototype keys and names, wrong types), as each identity.
 * Never a 5xx, never a change to durable data; NUL, surrogates, deep nesting and __proto__ are
 * always refused. FUZZ_RUNS (2,000 here, 50,000 in `npm run fuzz`) and FUZZ_SEED tune it. The
 * schema studio's routes are fuzzed besides as the 配置管理员 (analyst1), the one role besides the
 * super admin they serve: every one of them, a refusal always in Chinese.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const IDENTITIES = ['', 'admin', 'province', 'city1123', 'leader1', 'expert1'] as const;

let t: TestApp;
let routes: RouteSchemaEntry[];
let entities: string[];
const headersOf: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  t = await createTestApp();
  routes = routeSchemas(t.app).filter(
    (r) => /^\/(api|sso|fileserver)\//.test(r.url) && (r.method === 'GET' || r.method === 'POST'),
  );
  entities = [...t.ctx.schemas.entities.keys()];
  for (const who of IDENTITIES) headersOf[who] = who ? await t.loginAs(who) : {};
  headersOf.analyst1 = await t.loginAs('analyst1');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

function bodySchemaOf(route: RouteSchemaEntry, entity: string): unknown {
  if (/\/resource\/:entity\/save$/.test(route.url)) return entityBodySchema(t.ctx.schemas.entities.get(entity)!);
  return route.method === 'GET' ? route.schema?.querystring : route.schema?.body;
}

function concreteUrl(url: string, entity: string, pick: number): string {
  const ids = ['1', '2', '2147483647', '2147483648', '99999999999999999999', '-1', 'abc'];
  return url
    .replace(/:entity\b/g, entity)
    .replace(/:captchaId\b/g, 'A'.repeat(24))
    .replace(/:[A-Za-z]+/g, () => ids[pick % ids.length])
    .replace(/\*/g, 'x');
}

/** Percent-encodes UTF-16 text byte by byte, so a lone surrogate goes out as the invalid UTF-8 it is. */
function rawEncode(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c >= 0xd800 && c <= 0xdfff)
      out += `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}`;
    else out += encodeURIComponent(ch);
  }
  return out;
}

function queryOf(json: string): string {
  let obj: Record<string, unknown>;
  try {
    obj = JSON.parse(json);
  } catch {
    return 'subAct=a';
  }
  return Object.entries(obj)
    .map(([k, v]) => `${rawEncode(k)}=${rawEncode(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`)
    .join('&');
}

describe('fuzz of every route from its own schema with hostile mutations', () => {
  it(
    `${RUNS} requests: no 5xx, no data change, strict mutations always refused`,
    async () => {
      expect(routes.length).toBeGreaterThan(40);
      const before = await dataFingerprint(t.ctx.database);
      let last = await quickFingerprint(t.ctx.database);
      const accepted: string[] = [];
      const problems: string[] = [];
      const seen = new Set<string>();
      let sent = 0;
      const request = fc
        .tuple(
          fc.nat({ max: routes.length - 1 }),
          fc.nat({ max: entities.length - 1 }),
          fc.nat({ max: IDENTITIES.length - 1 }),
          fc.nat({ max: 1000 }),
          mutationArb,
          fc.nat({ max: 255 }),
        )
        .chain(([r, e, who, pick, mutation, addr]) => {
          const route = routes[r];
          const entity = entities[e];
          return arbitraryOf(bodySchemaOf(route, entity)).map((body) => ({
            route,
            entity,
            who,
            pick,
            mutation,
            addr,
            body,
          }));
        });

      await fc.assert(
        fc.asyncProperty(request, async ({ route, entity, who, pick, mutation, addr, body }) => {
          sent++;
          seen.add(`${route.method} ${route.url}`);
          const json = mutatedJson(body, mutation, pick);
          const url = concreteUrl(route.url, entity, pick);
          const headers = { ...headersOf[IDENTITIES[who]] };
          const opts: InjectOptions =
            route.method === 'GET'
              ? {
                  method: 'GET',
                  url: `${url}${url.includes('?') ? '&' : '?'}${mutation.kind === 'deep' ? 'subAct=a' : queryOf(json)}`,
                  headers,
                }
              : { method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: json };
          const res = await t.inject({ ...opts, remoteAddress: `198.51.100.${addr}` });
          const where = () =>
            `${IDENTITIES[who] || 'anonymous'} ${opts.method} ${opts.url} ${mutation.kind} ${json.slice(0, 160)} → ${res.statusCode} ${res.body.slice(0, 160)}`;
          if (res.statusCode >= 500) problems.push(`5xx: ${where()}`);
          const mustRefuse: Mutation['kind'][] = ['nul', 'surrogate', 'deep'];
          const refused = res.statusCode >= 400;
          if (
            route.method === 'POST' &&
            (mutation.strict || mustRefuse.includes(mutation.kind)) &&
            !refused &&
            mutation.kind !== 'surrogate'
          )
            problems.push(`accepted: ${where()}`);
          // The summary after the previous request is this one's "before" (GETs are taken not to write).
          if (route.method === 'POST') {
            const now = await quickFingerprint(t.ctx.database);
            // A refused request, or one carrying what must always be refused, changes nothing. A mutation
            // can still leave a valid request (a wrong type that happens to fit): that may do its work.
            if (now !== last && (refused || mutation.strict)) problems.push(`data changed: ${where()}`);
            if (now !== last && !refused) accepted.push(where());
            last = now;
          }
          return true;
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );

      expect(problems.slice(0, 20)).toEqual([]);
      expect(sent).toBe(RUNS);
      if (RUNS >= 2000) expect(seen.size).toBeGreaterThan(routes.length * 0.8);
      // Writes by accepted requests are valid requests' work (a mutation on a key the route ignores,
      // such as a server-set field, leaves a valid body); with none, not one durable row may differ.
      if (!accepted.length) expect(await dataFingerprint(t.ctx.database)).toBe(before);
    },
    Math.max(600_000, RUNS * 40),
  );
});

const CHINESE = /[\u4e00-\u9fff]/;

/** The envelope's message, empty when the body is no envelope. */
function resultOf(body: string): string {
  try {
    return String(JSON.parse(body).result ?? '');
  } catch {
    return '';
  }
}

describe('fuzz of the schema studio as the analyst (配置管理员)', () => {
  it('answers every studio route: never a 5xx, malformed input refused with a Chinese message, no data change', async () => {
    const studio = routes.filter((r) => r.url.startsWith('/api/studio/') && r.method === 'POST');
    expect(studio.length).toBeGreaterThanOrEqual(10);
    const before = await dataFingerprint(t.ctx.database);
    const problems: string[] = [];
    const seen = new Set<string>();
    const perRoute = Math.max(20, Math.round(RUNS / 50));
    for (const route of studio) {
      await fc.assert(
        fc.asyncProperty(
          arbitraryOf(route.schema?.body),
          mutationArb,
          fc.nat({ max: 1000 }),
          async (body, mutation, pick) => {
            const json = mutatedJson(body, mutation, pick);
            const res = await t.inject({
              method: 'POST',
              url: route.url,
              headers: { ...headersOf.analyst1, 'content-type': 'application/json' },
              payload: json,
            });
            seen.add(route.url);
            const where = () =>
              `${route.url} ${mutation.kind} ${json.slice(0, 160)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
            if (res.statusCode >= 500) problems.push(`5xx: ${where()}`);
            if (mutation.strict && mutation.kind !== 'surrogate' && res.statusCode < 400)
              problems.push(`accepted: ${where()}`);
            if (res.statusCode >= 400) {
              const result = resultOf(res.body);
              if (!CHINESE.test(result)) problems.push(`no Chinese message: ${where()}`);
            }
            return true;
          },
        ),
        { seed: SEED, numRuns: perRoute, endOnFailure: true },
      );
    }
    expect(problems.slice(0, 20)).toEqual([]);
    expect([...seen].sort()).toEqual(studio.map((r) => r.url).sort());
    // A fuzzed body never publishes: its content is never a valid schema of the set, its ids name nothing.
    expect(await dataFingerprint(t.ctx.database)).toBe(before);
  }, 600_000);
});

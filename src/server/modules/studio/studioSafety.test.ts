import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestApp, type TestApp } from '../../testApp.js';

/**
 * The studio on malformed input: never a 5xx, a Chinese message with where and what was expected,
 * no stray top-level document, and each call fuzzed with broken content on real and new keys.
 */
let t: TestApp;
let analyst: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  analyst = await t.loginAs('analyst1');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const HAS_ENGLISH_WORD = /(^|[^"“A-Za-z/.$_:-])[a-z]{3,}\s+[a-z]{3,}/;

describe('studio on malformed input', () => {
  it('refuses a new top-level document, keeps none and answers in Chinese', async () => {
    const res = await t.post('/api/studio/publish', { key: 'package', content: '{"name": 1', reason: '试' }, analyst);
    expect(res.status).toBe(400);
    expect(res.body.result).toContain('package');
    expect(res.body.result).toMatch(/[\u4e00-\u9fa5]/);
    const ok = await t.post('/api/studio/publish', { key: 'package', content: '{"name": "x"}', reason: '试' }, analyst);
    expect(ok.status).toBe(400);
    const stored = await t.ctx.database.db
      .selectFrom('schema_versions')
      .select('id')
      .where('schema_key', '=', 'package')
      .execute();
    expect(stored).toEqual([]);
    expect(t.ctx.schemas.documents.has('package')).toBe(false);
  });

  it('answers 400 for a new entity with malformed content, not 500', async () => {
    for (const content of ['{}', '{"fields": 1}', '[]', 'null', '{"name": "x", "fields": {"a": null}}']) {
      const res = await t.post('/api/studio/publish', { key: 'entities/strayThing', content, reason: '试' }, analyst);
      expect(res.status, `${content}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.result).toMatch(/[\u4e00-\u9fa5]/);
      const checked = await t.post('/api/studio/check', { key: 'entities/strayThing', content }, analyst);
      expect(checked.status, content).toBe(200);
      expect(checked.body.data.problems.length).toBeGreaterThan(0);
    }
  });

  it('says a syntax error with line, column, path and what was expected, in Chinese', async () => {
    const content = '{\n  "name": "topic",\n  "fields": {\n    "a": 1,\n  }\n}';
    const res = await t.post('/api/studio/check', { key: 'entities/topic', content }, analyst);
    const [p] = res.body.data.problems;
    expect(p.message).toContain('第 5 行第 3 列');
    expect(p.message).toContain('/fields');
    expect(p.message).toContain('双引号括起的属性名');
    expect(p.message).not.toMatch(/Expected|position/);
  });

  it('speaks Chinese for cross-reference and meta-schema problems', async () => {
    const got = await t.post('/api/studio/get', { key: 'pages/topics/topic.list' }, analyst);
    const page = JSON.parse(got.body.data.content);
    page.columns[0].field = 'noSuchField';
    page.noSuchKey = 1;
    const res = await t.post(
      '/api/studio/check',
      { key: 'pages/topics/topic.list', content: JSON.stringify(page) },
      analyst,
    );
    const messages: string[] = res.body.data.problems.map((p: { message: string }) => p.message);
    expect(messages).toContain('实体“topic”没有字段“noSuchField”');
    expect(messages).toContain('不认识的属性“noSuchKey”');
    for (const m of messages) expect(m).not.toMatch(HAS_ENGLISH_WORD);
  });

  it('never answers 5xx to broken content on any call (fuzzed)', async () => {
    const keys = [
      'entities/topic',
      'pages/topics/topic.list',
      'workflows/topic',
      'dictionaries/hyly',
      'menus/4',
      'routes',
      'settings',
      'entities/newOne',
      'pages/x/new.form',
      'nope',
      '../x',
      '',
    ];
    const json = fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v));
    const text = fc.oneof(
      json,
      fc.string({ maxLength: 60 }),
      json.map((s) => s.slice(0, Math.max(1, s.length - 1))),
    );
    const call = fc.tuple(fc.constantFrom('check', 'publish'), fc.constantFrom(...keys), text);
    await fc.assert(
      fc.asyncProperty(call, async ([what, key, content]) => {
        const res = await t.post(`/api/studio/${what}`, { key, content, reason: '试' }, analyst);
        expect(res.status, `${what} ${key} ${content} → ${JSON.stringify(res.body).slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 400) expect(res.body.result).toMatch(/[\u4e00-\u9fa5]/);
      }),
      { numRuns: 60, seed: 52 },
    );
    const versions = await t.post('/api/studio/version', { versionId: 0 }, analyst);
    expect(versions.status).toBe(400);
  }, 120_000);
});

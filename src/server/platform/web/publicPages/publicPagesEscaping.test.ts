import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDef, RouteDef } from '../../../../shared/schema/types.js';
import { formatDateTime } from '../../records/time.js';
import { ResourceService } from '../../resources/ResourceService.js';
import { createTestApp, type TestApp } from '../../../testApp.js';
import { buildPublicDrawing, removeDrawing } from '../../testing/builtPublicDrawing.js';
import { drawnRoot as drawn, HOSTILE, liveMarkup } from '../../testing/liveMarkup.js';
import { publicRoutes } from './renderPublicPage.js';

/**
 * What makes a record of each public entity visible to visitors (its access.public.when): a public
 * entity not named here fails the test, so a new one is checked too.
 */
const MADE_PUBLIC: Record<string, (now: number) => Record<string, unknown>> = {
  announcement: () => ({ status: 'published' }),
  activityDynamics: () => ({ status: 'published' }),
  relatedDownloads: () => ({ status: 'published' }),
  rules: () => ({ status: 'published' }),
  question: () => ({ faq: true, status: '3' }),
  resultPublication: () => ({ status: 'published' }),
  notice: (now) => ({
    status: '1',
    stage: 1,
    startTime: formatDateTime(now - 86_400_000),
    endTime: formatDateTime(now + 86_400_000),
  }),
};

type FieldLike = { type?: string; rows?: { fields: Record<string, FieldLike> } };

/** A hostile value for a field of any type: text where text goes, a valid value elsewhere. */
function hostileValue(field: FieldLike, now: number): unknown {
  switch (field.type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'datetime':
      return formatDateTime(now);
    case 'date':
      return '2026-01-01';
    case 'files':
      return [];
    case 'file':
      return null;
    case 'json':
      return field.rows
        ? [Object.fromEntries(Object.entries(field.rows.fields).map(([k, f]) => [k, hostileValue(f, now)]))]
        : null;
    default:
      return HOSTILE;
  }
}

/** A web app folder whose index.html is all there is: public pages drawn by the server's own hand. */
function handDrawnClient(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><title>x</title><script type="module" crossorigin src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

/**
 * The same checks for each way the server draws a page: its own hand (the app not built) and the
 * runtime's page kinds in the shell's frame (as `npm start` serves them once built).
 */
describe.each([
  {
    drawing: 'by the server’s own hand',
    runtime: false,
    clientDir: async () => handDrawnClient(),
    remove: (d: string) => fs.rmSync(d, { recursive: true, force: true }),
  },
  {
    drawing: 'by the runtime’s page kinds in the shell',
    runtime: true,
    clientDir: buildPublicDrawing,
    remove: removeDrawing,
  },
])('what the server writes into public pages drawn $drawing', ({ runtime, clientDir, remove }) => {
  let t: TestApp;
  let dir: string;
  const stored = new Map<string, number>();

  beforeAll(async () => {
    // The check itself sees what it looks for.
    expect(liveMarkup(HOSTILE)).toHaveLength(9);
    dir = await clientDir();
    t = await createTestApp({ clientDir: dir });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    if (dir) remove(dir);
  });

  /** Stores one record of the entity with a hostile value in every field, written past the save checks (another path). */
  async function storeHostile(entity: EntityDef): Promise<number> {
    const now = Date.now();
    const make = MADE_PUBLIC[entity.name];
    expect(make, `${entity.name}: say in MADE_PUBLIC what makes its records public`).toBeDefined();
    const values = Object.fromEntries(
      Object.entries(entity.fields).map(([k, f]) => [k, hostileValue(f as FieldLike, now)]),
    );
    const system = { ownerId: 1, areaCode: null, createdAt: now, updatedAt: now, createdBy: 1, updatedBy: 1 };
    return new ResourceService(t.ctx).store.insert(entity, { ...values, ...system, status: null, ...make(now) });
  }

  it('every field of every public entity a page shows: text escaped, rich text sanitised, no live markup', async () => {
    const routes = publicRoutes(t.ctx.schemas.routes).filter((r): r is RouteDef & { page: string } => !!r.page);
    let checked = 0;
    for (const route of routes) {
      const page = t.ctx.schemas.pages.get(route.page) as
        { kind: string; entity?: string; source?: string } | undefined;
      if (!page?.entity || page.source !== 'public') continue;
      const entity = t.ctx.schemas.entities.get(page.entity)!;
      if (!stored.has(entity.name)) stored.set(entity.name, await storeHostile(entity));
      const url = page.kind === 'list' ? route.path : `${route.path}?id=${stored.get(entity.name)}`;
      const res = await t.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const body = drawn(res.body);
      expect(body.length, url).toBeGreaterThan(0);
      // Drawn the way this suite names (a drawing that fails falls back to the server's own).
      expect(body.includes('class="ssr-frame" data-hydrate='), url).toBe(runtime);
      // Escaped, the words may show; as markup (inside a tag) nothing may.
      expect(liveMarkup(body), url).toEqual([]);
      // The page's own scripts only: the data (escaped for a script) and the loader.
      expect(res.body.match(/<script/g), url).toHaveLength(2);
      checked++;
    }
    // Every kind a record is shown in: lists, articles, the 立项名单 record page.
    expect(checked).toBeGreaterThanOrEqual(10);
    const home = await t.inject({ method: 'GET', url: '/homePage' });
    expect(home.statusCode).toBe(200);
    expect(liveMarkup(drawn(home.body)), '/homePage').toEqual([]);
  });

  it('a plain-text answer is shown as the text it is, its markup visible, not run', async () => {
    const res = await t.inject({ method: 'GET', url: `/expertFaq/lookFaq?id=${stored.get('question')}` });
    expect(res.statusCode).toBe(200);
    expect(drawn(res.body)).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(drawn(res.body)).not.toContain('<script>alert(1)');
  });
});

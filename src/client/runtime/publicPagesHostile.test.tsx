// @vitest-environment jsdom
/**
 * What the app draws on the public pages from stored values an attacker wrote: every field of every
 * public entity holds markup (a script, an event handler, a redirecting meta, a form, a style, a
 * frame), and the page a visitor gets once the app has drawn it holds none of it live, only as text
 * or sanitised rich text. The server's own drawing of the same pages is checked in
 * server/platform/web/publicPages/publicPagesEscaping.test.ts.
 */
import { cleanup } from '@testing-library/react';
import type { EntityDef, FieldDef, ResourceRecord } from '../../shared/schema/types.js';
import type { DataProvider } from './data/dataProvider.js';
import { createFixtureDataProvider, type FixtureSchemas } from './testing/fixtureDataProvider.js';
import { renderPage } from './testing/renderPage.js';
import { setupDom } from './testing/setupDom.js';
import { realSchemas } from './testing/realSchemas.js';

setupDom();
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const HOSTILE =
  '<script>alert(1)</script><img src=x onerror=alert(2)><meta http-equiv="refresh" content="0;url=https://evil.example"><form action="https://evil.example"><input name=p></form><style>body{display:none}</style><iframe src="https://evil.example"></iframe>"\'&';

const real: FixtureSchemas = realSchemas;

type FieldLike = Pick<FieldDef, 'type'> & { rows?: { fields: Record<string, FieldLike> } };

/** A hostile value for a field of any type: markup where text goes, a valid value elsewhere. */
function hostileValue(field: FieldLike): unknown {
  switch (field.type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'datetime':
      return '2026-01-01 08:00:00';
    case 'date':
      return '2026-01-01';
    case 'files':
      return [{ id: 1, fileName: HOSTILE, fileSize: 10, fileSuffix: 'pdf' }];
    case 'json':
      return field.rows
        ? [Object.fromEntries(Object.entries(field.rows.fields).map(([k, f]) => [k, hostileValue(f)]))]
        : null;
    default:
      return HOSTILE;
  }
}

function hostileRow(entity: EntityDef, row: ResourceRecord): ResourceRecord {
  const values = Object.fromEntries(Object.entries(entity.fields).map(([k, f]) => [k, hostileValue(f as FieldLike)]));
  return { ...row, ...values, id: row.id };
}

/** The fixture provider, with every record's every field hostile. */
function hostileProvider(): DataProvider {
  const base = createFixtureDataProvider(real, { rows: 3, user: null });
  const entity = (name: string) => real.entities.find((e) => e.name === name)!;
  return {
    ...base,
    getPublicList: async (name, req) => {
      const r = await base.getPublicList(name, req);
      return { ...r, list: r.list.map((row) => hostileRow(entity(name), row)) };
    },
    getPublicOne: async (name, id) => hostileRow(entity(name), await base.getPublicOne(name, id)),
  };
}

const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'action', 'formaction', 'data', 'poster', 'content']);

/** Markup from the stored values that would be live in the page, by what it is. */
function liveMarkup(container: HTMLElement): string[] {
  const found: string[] = [];
  for (const el of container.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    if (['script', 'iframe', 'meta', 'style', 'object', 'embed'].includes(tag)) found.push(`<${tag}>`);
    // The filter bar is a form of the page's own; a stored one would bring its action.
    if (tag === 'form' && el.hasAttribute('action')) found.push('<form action>');
    if (tag === 'input' && el.getAttribute('name') === 'p') found.push('<input name=p>');
    for (const a of el.attributes) {
      if (/^on/i.test(a.name)) found.push(`${tag}[${a.name}]`);
      // A title or a label may hold the text; an address the browser would follow or load may not.
      if (URL_ATTRIBUTES.has(a.name) && a.value.includes('evil.example')) found.push(`${tag}[${a.name}]`);
    }
  }
  return found;
}

const publicPages = real.pages
  .filter((p) => (p as { source?: string }).source === 'public' && 'entity' in p && p.entity)
  .sort((a, b) => a.id.localeCompare(b.id));

describe('public pages as the app draws them, from hostile stored values', () => {
  const shownAsText: string[] = [];
  it.each(publicPages.map((p) => [p.id, p] as const))(
    '%s: no live markup, the markup shown as text',
    async (_id, page) => {
      const { container } = await renderPage({
        pageId: page.id,
        mode: page.kind === 'form' ? 'look' : undefined,
        query: { id: '1' },
        dataProvider: hostileProvider(),
        user: null,
      });
      expect(liveMarkup(container)).toEqual([]);
      if ((container.textContent ?? '').includes('<script>alert(1)</script>')) shownAsText.push(page.id);
    },
  );

  it('finds the markup when it is live (the check itself)', () => {
    const box = document.createElement('div');
    box.innerHTML = HOSTILE;
    expect(liveMarkup(box)).toEqual(
      expect.arrayContaining(['img[onerror]', '<meta>', '<form action>', '<input name=p>', '<style>', '<iframe>']),
    );
  });

  it('shows the stored markup as text on the pages that show those fields', () => {
    // Lists and records of every public entity: the values were drawn, not left out.
    expect(shownAsText.length).toBeGreaterThanOrEqual(Math.ceil(publicPages.length / 2));
  });
});

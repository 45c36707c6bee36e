// @vitest-environment node
/**
 * The server's drawing of public pages with the runtime's own page loader and kinds, prepared first
 * (pageDrawing.tsx), as the server runs it: no DOM, answers asked through `ask`, from the real
 * schemas with fixture records, then hostile ones in every field.
 */
import { StaticRouter } from 'react-router-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResourceRecord } from '../../shared/schema/types.js';
import { DrawnAtOnce } from '../hooks/useFirstPaintDone.js';
import type { DataProvider } from '../runtime/data/dataProvider.js';
import { createFixtureDataProvider, type FixtureSchemas } from '../runtime/testing/fixtureDataProvider.js';
import { setSanitizerOutsideBrowser } from '../runtime/widgets/sanitizeHtml.js';
import { fixtureAsk } from './testing/fixtureAsk.js';
import { gridStyles, prepareDrawing, type PageToDraw } from './pageDrawing.js';
import { markupOf } from './markupOf.js';
import { SchemaPage } from '../runtime/SchemaPage.js';
import { PreparedPagesProvider } from '../runtime/pages/preparedPagesContext.js';
import { GridRulesProvider } from '../runtime/widgets/FormGrid.js';
import { realSchemas } from '../runtime/testing/realSchemas.js';

const real: FixtureSchemas = realSchemas;

afterEach(() => setSanitizerOutsideBrowser(null));

async function drawn(provider: DataProvider, page: PageToDraw, url = '/page'): Promise<string> {
  const drawing = await prepareDrawing(fixtureAsk(provider), page);
  expect(drawing).not.toBeNull();
  const runtime = {
    dataProvider: drawing!.prepared.provider,
    user: null,
    siteSettings: { systemName: '教育科研课题管理平台' },
    dictionaryFlags: {},
  };
  const html = await markupOf(
    <StaticRouter location={url}>
      <GridRulesProvider value={drawing!.gridRules}>
        <DrawnAtOnce.Provider value>
          <PreparedPagesProvider value={drawing!.prepared}>
            <SchemaPage pageId={page.pageId} mode={page.mode} query={page.query} runtime={runtime} />
          </PreparedPagesProvider>
        </DrawnAtOnce.Provider>
      </GridRulesProvider>
    </StaticRouter>,
  );
  return gridStyles(drawing) + html;
}

describe('a public page drawn by the server with the runtime’s page kinds', () => {
  it('draws a list with its rows as links and its pager, asked as the address asks it', async () => {
    const provider = createFixtureDataProvider(real, { rows: 23, user: null });
    const html = await drawn(provider, { pageId: 'portal/announcement.list', query: { page: '2' } }, '/notices');
    expect(html).toContain('runtime-list');
    expect(html).toMatch(/<tr[^>]*class="ant-table-row[\s\S]*<a [^>]*href="[^"]+"/);
    // The second page is the one drawn, and the pager's links lead to the list's own pages.
    expect(html).toMatch(/ant-pagination-item-active[^>]*><a[^>]*>2<\/a>/);
    expect(html).toMatch(/href="\/notices\?page=3"/);
    expect(html).not.toContain('ant-spin-spinning');
  });

  it('draws home’s sections with their rows, not their loading boxes', async () => {
    const provider = createFixtureDataProvider(real, { rows: 3, user: null });
    const html = await drawn(provider, { pageId: 'portal/home.dashboard', query: {} });
    expect(html).toContain('rt-dash-banner');
    expect((html.match(/class="rt-dash-section"/g) ?? []).length).toBeGreaterThan(2);
    expect(html).toContain('runtime-compact-table');
    expect(html).not.toContain('rt-dash-page-pending');
    expect(html).not.toContain('ant-spin-spinning');
  });

  it('draws a record’s form page in look mode with its fields laid out as the grid will', async () => {
    const provider = createFixtureDataProvider(real, { rows: 3, user: null });
    const html = await drawn(provider, { pageId: 'portal/resultPublication.look', mode: 'look', query: { id: '1' } });
    expect(html).toContain('ant-formily-grid-layout');
    expect(html).toMatch(
      /<style>\[data-ssr-grid="[^"]+"\]>\.ant-formily-grid-layout\{grid-template-columns:repeat\(2,/,
    );
    expect(html).not.toContain('ant-skeleton');
  });

  it('writes rich text through the server’s sanitiser, and as text when it has none', async () => {
    const provider = createFixtureDataProvider(real, { rows: 3, user: null });
    const withBody = (text: string): DataProvider => ({
      ...provider,
      getPublicOne: async (name, id) => ({ ...(await provider.getPublicOne(name, id)), content: text }),
    });
    const page = { pageId: 'portal/announcement.look', query: { id: '1' } };
    const bare = await drawn(withBody('<h2>第一条</h2><img src=x onerror=alert(1)>'), page);
    expect(bare).toContain('&lt;h2&gt;第一条');
    expect(bare).not.toMatch(/<img[^>]*onerror/);
    setSanitizerOutsideBrowser((html) => html.replace(/<img[^>]*>/g, ''));
    const cleaned = await drawn(withBody('<h2>第一条</h2><img src=x onerror=alert(1)>'), page);
    expect(cleaned).toContain('<h2>第一条</h2>');
    expect(cleaned).not.toContain('<img');
  });

  it('draws a missing record’s page as the kind says it once its own ask has failed, not as loading', async () => {
    const provider = createFixtureDataProvider(real, { rows: 3, user: null });
    const gone: DataProvider = { ...provider, getPublicOne: () => Promise.reject(new Error('记录不存在')) };
    const article = await drawn(gone, { pageId: 'portal/announcement.look', query: { id: '999' } });
    expect(article).toMatch(
      /class="ant-result ant-result-info status-result status-result-404[\s\S]*内容不存在或已撤下/,
    );
    expect(article).not.toContain('ant-skeleton');
    const record = await drawn(gone, { pageId: 'portal/resultPublication.look', mode: 'look', query: { id: '999' } });
    expect(record).toMatch(/class="ant-result ant-result-warning[\s\S]*记录不存在/);
    expect(record).not.toContain('ant-skeleton');
  });

  it('answers null for a page the server does not have', async () => {
    const provider = createFixtureDataProvider(real, { rows: 3, user: null });
    expect(await prepareDrawing(fixtureAsk(provider), { pageId: 'no/such.page', query: {} })).toBeNull();
  });

  it('writes hostile stored values as text: nothing of them is live', async () => {
    const HOSTILE = '<script>alert(1)</script><img src=x onerror=alert(2)><meta http-equiv="refresh" content="0">';
    const base = createFixtureDataProvider(real, { rows: 3, user: null });
    const entity = (name: string) => real.entities.find((e) => e.name === name)!;
    const hostile = (name: string, row: ResourceRecord): ResourceRecord => ({
      ...row,
      ...Object.fromEntries(
        Object.entries(entity(name).fields)
          .filter(([, f]) => !f.type || f.type === 'string' || f.type === 'text' || f.type === 'richtext')
          .map(([k]) => [k, HOSTILE]),
      ),
      id: row.id,
    });
    const provider: DataProvider = {
      ...base,
      getPublicList: async (name, req) => {
        const r = await base.getPublicList(name, req);
        return { ...r, list: r.list.map((row) => hostile(name, row)) };
      },
      getPublicOne: async (name, id) => hostile(name, await base.getPublicOne(name, id)),
    };
    for (const page of [
      { pageId: 'portal/home.dashboard', query: {} },
      { pageId: 'portal/announcement.list', query: {} },
      { pageId: 'portal/announcement.look', query: { id: '1' } },
      { pageId: 'portal/resultPublication.look', mode: 'look' as const, query: { id: '1' } },
      { pageId: 'question/faq.look', query: { id: '1' } },
    ]) {
      const html = await drawn(provider, page);
      expect(html, page.pageId).toContain('&lt;script&gt;');
      expect(html, page.pageId).not.toMatch(/<script|<img[^>]*onerror|<meta/i);
    }
  });
});

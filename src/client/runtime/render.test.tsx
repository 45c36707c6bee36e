// @vitest-environment jsdom
/**
 * Render tests: every page schema under schemas/pages/ (and the runtime's own fixtures, which cover
 * steps, rules and detail tabs) rendered with deterministic fixture data in each of its modes. Each
 * real page is kept as a short outline (testing/pageOutline.ts: fields, columns, buttons and the
 * schema's conditions) under __snapshots__/pages/schemas/, so a schema change reads as a short diff;
 * the fixture pages keep their whole HTML, the DOM of the widgets themselves.
 * `npm run snapshot` rewrites them after an intended change and prints the diff.
 */
import { cleanup } from '@testing-library/react';
import type { PageDef } from '../../shared/schema/types.js';
import { fixtureDictionaries, fixtureEntities, fixturePages, fixtureWorkflows } from './__fixtures__/index.js';
import type { FormMode } from './model/formSchema.js';
import { createFixtureDataProvider, type FixtureSchemas } from './testing/fixtureDataProvider.js';
import { renderPage, snapshotHtml } from './testing/renderPage.js';
import { pageOutline } from './testing/pageOutline.js';
import { setupDom } from './testing/setupDom.js';
// Every schema page renders, the module screens among them: the modules register as main.tsx has them.
import '../modules/index.js';
import { realSchemas } from './testing/realSchemas.js';

setupDom();
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const real: FixtureSchemas = realSchemas;
const fixtures: FixtureSchemas = {
  pages: fixturePages,
  entities: fixtureEntities,
  workflows: fixtureWorkflows,
  dictionaries: fixtureDictionaries,
};

/** The modes a page renders in: lists once, forms in add / edit / look (public ones look only, visitors' forms add only), details look. */
export function modesOf(page: PageDef): (FormMode | 'list')[] {
  if (page.kind === 'list') return ['list'];
  if (page.kind === 'form')
    return page.source === 'public' ? ['look'] : page.publicSubmit ? ['add'] : ['add', 'edit', 'look'];
  return ['look'];
}

function cases(set: FixtureSchemas, group: string) {
  return set.pages
    .slice()
    .sort((a, b) => a.id.localeCompare(b.id))
    .flatMap((page) => modesOf(page).map((mode) => ({ group, set, page, mode })));
}

const all = [...cases(real, 'schemas'), ...cases(fixtures, 'fixtures')];

describe('page schemas render', () => {
  it('finds the page schemas', () => {
    expect(real.pages.length).toBeGreaterThan(0);
  });

  it.each(all.map((c) => [`${c.group} ${c.page.id} (${c.mode})`, c] as const))('%s', async (_name, c) => {
    const dataProvider = createFixtureDataProvider(c.set);
    const publicPage =
      ('source' in c.page && c.page.source === 'public') || ('publicSubmit' in c.page && Boolean(c.page.publicSubmit));
    const entityName = 'entity' in c.page ? c.page.entity : c.page.kind;
    const { container } = await renderPage({
      pageId: c.page.id,
      mode: c.mode === 'list' ? undefined : c.mode,
      query: c.mode === 'add' || c.mode === 'list' ? {} : { id: `${entityName}-2` },
      dataProvider,
      user: publicPage ? null : undefined,
    });
    expect(container.querySelector('.ant-result')).toBeNull();
    const name = `__snapshots__/pages/${c.group}/${c.page.id.replace(/[/\\]/g, '__')}.${c.mode}`;
    if (c.group === 'fixtures') await expect(snapshotHtml(container)).toMatchFileSnapshot(`${name}.html`);
    else await expect(pageOutline(container, c.page, c.mode)).toMatchFileSnapshot(`${name}.txt`);
  });
});

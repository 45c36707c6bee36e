// @vitest-environment jsdom
import { cleanup } from '@testing-library/react';
import { fixtureDictionaries, fixtureEntities, fixturePages, fixtureWorkflows } from '../../__fixtures__/index.js';
import { createFixtureDataProvider } from '../../testing/fixtureDataProvider.js';
import { renderPage } from '../../testing/renderPage.js';
import { setupDom } from '../../testing/setupDom.js';

setupDom();
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const schemas = {
  pages: fixturePages,
  entities: fixtureEntities,
  workflows: fixtureWorkflows,
  dictionaries: fixtureDictionaries,
};

describe('form labels', () => {
  it('wrap instead of ending in an ellipsis, in forms and in list filters', async () => {
    for (const [pageId, mode] of [
      ['fixture/noticeForm', 'edit'],
      ['fixture/noticeForm', 'look'],
      ['fixture/noticeList', undefined],
    ] as const) {
      const { container } = await renderPage({
        pageId,
        mode,
        query: mode ? { id: 'notice-2' } : {},
        dataProvider: createFixtureDataProvider(schemas),
      });
      const items = [...container.querySelectorAll('.ant-formily-item')].filter((el) =>
        el.querySelector('.ant-formily-item-label'),
      );
      expect(items.length, pageId).toBeGreaterThan(0);
      expect(
        items.filter((el) => !el.classList.contains('ant-formily-item-label-wrap')),
        pageId,
      ).toEqual([]);
      cleanup();
    }
  });
});

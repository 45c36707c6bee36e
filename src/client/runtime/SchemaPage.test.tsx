// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { fixtureDictionaries, fixtureEntities, fixturePages, fixtureWorkflows } from './__fixtures__/index.js';
import { createFixtureDataProvider } from './testing/fixtureDataProvider.js';
import { currentLocation, renderPage } from './testing/renderPage.js';
import { setupDom } from './testing/setupDom.js';

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

describe('SchemaPage', () => {
  it("says the page could not be loaded, with the server's reason", async () => {
    await renderPage({ pageId: 'nope/missing', dataProvider: createFixtureDataProvider(schemas) });
    expect(screen.getByText('页面加载失败')).toBeTruthy();
    expect(screen.getByText('页面不存在：nope/missing')).toBeTruthy();
  });
  it('sends a user whose role may not read the page to /403', async () => {
    const dp = createFixtureDataProvider(schemas);
    dp.getPage = async () => {
      throw Object.assign(new Error('没有权限执行该操作'), { status: 403 });
    };
    const { container } = await renderPage({ pageId: 'fixture/noticeList', dataProvider: dp, settle: false });
    await waitFor(() => expect(currentLocation()).toBe('/403'));
    expect(container.querySelector('.runtime-list')).toBeNull();
  });
  it('renders the page kind the schema names', async () => {
    const { container } = await renderPage({
      pageId: 'fixture/noticeList',
      dataProvider: createFixtureDataProvider(schemas),
    });
    expect(container.querySelector('.runtime-list .ant-table')).not.toBeNull();
  });
  it('draws a full list with the first page asked for while its code loaded, and asks for it once', async () => {
    const dp = createFixtureDataProvider(schemas);
    const { container } = await renderPage({ pageId: 'fixture/noticeList', dataProvider: dp });
    expect(container.querySelectorAll('.runtime-list .ant-table-row').length).toBeGreaterThan(0);
    expect(dp.calls.filter((c) => c.method === 'getList')).toHaveLength(1);
  });
});

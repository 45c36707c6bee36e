// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fixtureDictionaries, fixtureEntities, fixturePages, fixtureWorkflows } from '../../__fixtures__/index.js';
import { createFixtureDataProvider } from '../../testing/fixtureDataProvider.js';
import { currentLocation, renderPage, settle } from '../../testing/renderPage.js';
import { setupDom } from '../../testing/setupDom.js';
import { tabParams } from './DetailPage.js';

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
const btn = (name: string) => new RegExp(`^${name.split('').join('\\s*')}$`);

describe('detail page', () => {
  it('shows the record in its form tab and the record actions it allows', async () => {
    const dp = createFixtureDataProvider(schemas);
    const { container } = await renderPage({
      pageId: 'fixture/noticeDetail',
      query: { id: 'notice-2' },
      dataProvider: dp,
    });
    await waitFor(() => expect(container.querySelector('.runtime-form-look')).not.toBeNull());
    expect(within(container.querySelector('.runtime-form-look') as HTMLElement).getByText('标题2')).toBeTruthy();
    // Status 1 (published): only withdraw is allowed.
    expect(screen.queryByRole('button', { name: btn('撤回') })).not.toBeNull();
    expect(screen.queryByRole('button', { name: btn('发布') })).toBeNull();
    expect(dp.calls.filter((c) => c.method === 'getOne')).toHaveLength(1);
  });

  it("fills a record action's link from the record it shows", async () => {
    const dp = createFixtureDataProvider(schemas);
    await renderPage({ pageId: 'fixture/noticeDetail', query: { id: 'notice-2' }, dataProvider: dp });
    fireEvent.click(screen.getByRole('button', { name: btn('编辑') }));
    await waitFor(() => expect(currentLocation()).toBe('/fixture/notice/edit?id=notice-2&category=2'));
  });

  it('lists related records with params from the record, the log and the workflow', async () => {
    const dp = createFixtureDataProvider(schemas);
    const { container } = await renderPage({
      pageId: 'fixture/noticeDetail',
      query: { id: 'notice-2' },
      dataProvider: dp,
    });
    fireEvent.click(screen.getByRole('tab', { name: '同类公告' }));
    await settle(container);
    await waitFor(() => expect(dp.calls.some((c) => c.method === 'getPublicList')).toBe(true));
    expect(dp.calls.find((c) => c.method === 'getPublicList')!.args[1]).toMatchObject({
      filters: [{ field: 'category', op: 'eq', value: '2' }],
    });

    fireEvent.click(screen.getByRole('tab', { name: '操作记录' }));
    await waitFor(() => expect(screen.getByText('同意')).toBeTruthy());
    expect(dp.calls.find((c) => c.method === 'getLog')!.args).toEqual(['notice', 'notice-2']);
    expect(screen.getAllByText('省级管理员').length).toBeGreaterThan(0);
    // A row with a field diff opens to it: field, value before, value after.
    const expander = container.querySelector('.runtime-log .ant-table-row-expand-icon-collapsed') as HTMLElement;
    expect(expander).not.toBeNull();
    fireEvent.click(expander);
    await waitFor(() => expect(container.querySelector('.runtime-log-changes')).not.toBeNull());
    const diff = container.querySelector('.runtime-log-changes') as HTMLElement;
    expect(within(diff).getByText('修改前')).toBeTruthy();
    expect(within(diff).getByText(/（原）$/)).toBeTruthy();
    expect(within(diff).getByText(/（新）$/)).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: '流程' }));
    // The diagram is its own chunk: give its first load time on a busy machine.
    await waitFor(
      () => expect(container.querySelector('.runtime-wf-node[data-current="true"]')?.textContent).toBe('已发布'),
      { timeout: 10_000 },
    );
    // An administrator reads the same words above the diagram.
    expect(container.querySelector('.runtime-wf-progress')?.textContent).toContain('当前状态：已发布');
  });

  it('shows an applicant the 流程 tab as the path taken and the next step with who acts, without the diagram', async () => {
    const dp = createFixtureDataProvider(schemas);
    const { container } = await renderPage({
      pageId: 'fixture/noticeDetail',
      query: { id: 'notice-2' },
      dataProvider: dp,
      user: { userId: 'leader', username: 'leader', roleCode: '4', areaCode: '1101', roles: ['4'] },
    });
    fireEvent.click(await screen.findByRole('tab', { name: '流程' }));
    await waitFor(() => expect(container.querySelector('.runtime-wf-progress')?.textContent).toContain('已发布'));
    const progress = container.querySelector('.runtime-wf-progress') as HTMLElement;
    expect(progress.textContent).toContain('当前状态：已发布');
    expect(progress.querySelector('.runtime-wf-next')?.textContent).toMatch(/撤回（[^）]+）→/);
    await settle(container);
    expect(container.querySelector('.runtime-wf-diagram')).toBeNull();
  });

  it('takes list-tab params from the record or literally', () => {
    expect(tabParams({ topicId: ':id', kind: 'a', missing: ':nope' }, { id: 't1' })).toEqual({
      topicId: 't1',
      kind: 'a',
      missing: null,
    });
  });
});

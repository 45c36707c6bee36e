// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fixtureDictionaries, fixtureEntities, fixturePages, fixtureWorkflows } from '../../__fixtures__/index.js';
import { createFixtureDataProvider } from '../../testing/fixtureDataProvider.js';
import { ADMIN, currentLocation, renderPage, settle } from '../../testing/renderPage.js';
import { setupDom } from '../../testing/setupDom.js';

setupDom();
// Dictionaries are cached for the browser session; each test is a new session.
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
const provider = () => createFixtureDataProvider(schemas);
const rowOf = (title: string) => screen.getByText(title).closest('tr') as HTMLElement;
const btn = (name: string) => new RegExp(`^${name.split('').join('\\s*')}$`);
const tick = () =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });

/** Clicks a row action, through 更多 when it is folded there. */
async function clickRowAction(title: string, name: string) {
  const inline = within(rowOf(title)).queryByRole('button', { name: btn(name) });
  if (inline) {
    fireEvent.click(inline);
    return;
  }
  fireEvent.click(within(rowOf(title)).getByRole('button', { name: btn('更多') }));
  const folded = await waitFor(() => {
    const b = [...document.querySelectorAll('.runtime-more-actions button')].find(
      (x) => x.textContent?.replace(/\s/g, '') === name,
    );
    if (!b) throw new Error(`no ${name} under 更多`);
    return b;
  });
  fireEvent.click(folded);
}

// Whole journeys through antd's table, dialogs and Formily filters in jsdom: 10-20 s each on a
// loaded 2-core machine, which the default 30 s left too little room for.
describe('list page', { timeout: 90_000 }, () => {
  it('still says 共0条记录 when the list has no rows (SPEC §9)', async () => {
    const { container } = await renderPage({
      pageId: 'fixture/noticeList',
      dataProvider: createFixtureDataProvider(schemas, { rows: 0 }),
    });
    expect(container.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(0);
    expect(container.querySelector('.runtime-empty-total')?.textContent).toBe('共0条记录');
  });

  it('pages 10 rows with 共N条记录, a size changer and a quick jumper', async () => {
    const dp = provider();
    const { container } = await renderPage({ pageId: 'fixture/noticeList', dataProvider: dp });
    expect(screen.getByText('共23条记录')).toBeTruthy();
    expect(container.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(10);
    expect(container.querySelector('.ant-pagination-options-size-changer')).not.toBeNull();
    expect(container.querySelector('.ant-pagination-options-quick-jumper')).not.toBeNull();
    expect(dp.calls.find((c) => c.method === 'getList')?.args[1]).toEqual({
      pageId: 'fixture/noticeList',
      page: 1,
      pageSize: 10,
      filters: [],
      sort: { field: 'publishDate', order: 'desc' },
    });
    fireEvent.click(container.querySelector('.ant-pagination-item-3')!);
    await settle(container);
    expect(dp.calls.filter((c) => c.method === 'getList').at(-1)?.args[1]).toMatchObject({ page: 3, pageSize: 10 });
    expect(container.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(3);
  });

  it('shows dictionary labels and status tags, asking each dictionary once', async () => {
    const dp = provider();
    await renderPage({ pageId: 'fixture/noticeList', dataProvider: dp });
    expect(within(rowOf('标题2')).getByText('职业教育')).toBeTruthy();
    expect(within(rowOf('标题2')).getByText('已发布').className).toContain('ant-tag-green');
    expect(dp.calls.filter((c) => c.method === 'getDictionary' && c.args[0] === 'hyly')).toHaveLength(1);
    expect(dp.calls.find((c) => c.method === 'getDictionary')?.args[1]).toBe(false);
  });

  it('shows row actions by rule and row permission', async () => {
    await renderPage({ pageId: 'fixture/noticeList', dataProvider: provider() });
    const names = (title: string) =>
      within(rowOf(title))
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/\s/g, ''));
    // What does not fit the 操作 column goes into 更多 instead of a second line.
    expect(names('标题1')).toEqual(['查看', '编辑', '更多']);
    fireEvent.click(within(rowOf('标题1')).getByRole('button', { name: btn('更多') }));
    await waitFor(() => expect(document.querySelector('.runtime-more-actions')).not.toBeNull());
    expect(
      [...document.querySelectorAll('.runtime-more-actions button')].map((b) => b.textContent?.replace(/\s/g, '')),
    ).toEqual(['发布', '删除']);
    expect((rowOf('标题1').querySelector('.runtime-row-actions') as HTMLElement).style.whiteSpace).toBe('nowrap');
    expect(names('标题2')).toEqual(['查看', '撤回']);
    expect(names('标题3')).toEqual(['查看', '编辑', '发布']);
  });

  it('shows toolbar actions by the user rule', async () => {
    await renderPage({ pageId: 'fixture/noticeList', dataProvider: provider() });
    expect(screen.queryByRole('button', { name: btn('新增') })).not.toBeNull();
    cleanup();
    await renderPage({
      pageId: 'fixture/noticeList',
      dataProvider: provider(),
      user: { ...ADMIN, roleCode: '4', roles: ['4'] },
    });
    expect(screen.queryByRole('button', { name: btn('新增') })).toBeNull();
  });

  it('goes to the link of a row action with its placeholders filled', async () => {
    await renderPage({ pageId: 'fixture/noticeList', dataProvider: provider() });
    fireEvent.click(within(rowOf('标题1')).getByRole('button', { name: btn('编辑') }));
    expect(currentLocation()).toBe('/informationManagement/editNotice?id=notice-1');
  });

  it('deletes after the confirm and reloads', async () => {
    const dp = provider();
    const { container } = await renderPage({ pageId: 'fixture/noticeList', dataProvider: dp });
    await clickRowAction('标题1', '删除');
    expect(await screen.findByText('确定要删除吗？')).toBeTruthy();
    expect(dp.calls.some((c) => c.method === 'remove')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: btn('确定') }));
    await settle(container);
    expect(dp.calls.find((c) => c.method === 'remove')?.args).toEqual(['notice', ['notice-1']]);
    expect(dp.calls.filter((c) => c.method === 'getList')).toHaveLength(2);
  });

  it('asks for the required comment of a transition and sends it with the version', async () => {
    const dp = provider();
    const { container } = await renderPage({ pageId: 'fixture/noticeList', dataProvider: dp });
    fireEvent.click(within(rowOf('标题2')).getByRole('button', { name: btn('撤回') }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: btn('确定') }));
    await tick();
    expect(within(dialog).getByRole('alert').textContent).toBe('请输入意见');
    expect(dp.calls.some((c) => c.method === 'transition')).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '内容有误' } });
    await new Promise((r) => setTimeout(r, 650)); // the dialog's confirm guard ignores clicks within 600 ms
    fireEvent.click(within(dialog).getByRole('button', { name: btn('确定') }));
    await settle(container);
    expect(dp.calls.find((c) => c.method === 'transition')?.args).toEqual([
      'notice',
      { id: 'notice-2', action: 'withdraw', version: 1, comment: '内容有误' },
    ]);
  });

  it('fires a confirmed transition', async () => {
    const dp = provider();
    const { container } = await renderPage({ pageId: 'fixture/noticeList', dataProvider: dp });
    await clickRowAction('标题1', '发布');
    expect(await screen.findByText('确定发布该公告吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: btn('确定') }));
    await settle(container);
    expect(dp.calls.find((c) => c.method === 'transition')?.args).toEqual([
      'notice',
      { id: 'notice-1', action: 'publish', version: 1 },
    ]);
  });

  it('searches with the filters and exports them', async () => {
    const dp = provider();
    const { container } = await renderPage({ pageId: 'fixture/noticeList', dataProvider: dp });
    const title = container.querySelector('.runtime-filters input') as HTMLInputElement;
    fireEvent.change(title, { target: { value: ' 年度 ' } });
    fireEvent.click(screen.getByRole('button', { name: btn('查询') }));
    await settle(container);
    expect(dp.calls.filter((c) => c.method === 'getList').at(-1)?.args[1]).toMatchObject({
      page: 1,
      filters: [{ field: 'title', op: 'like', value: '年度' }],
    });
    fireEvent.click(screen.getByRole('button', { name: btn('导出') }));
    await tick();
    expect(dp.calls.find((c) => c.method === 'exportFile')?.args).toEqual([
      'notice',
      {
        pageId: 'fixture/noticeList',
        filters: [{ field: 'title', op: 'like', value: '年度' }],
        sort: { field: 'publishDate', order: 'desc' },
      },
    ]);
    fireEvent.click(screen.getByRole('button', { name: btn('重置') }));
    await settle(container);
    expect(dp.calls.filter((c) => c.method === 'getList').at(-1)?.args[1]).toMatchObject({ filters: [] });
  });

  it('runs a batch action on the selected rows that allow it', async () => {
    const dp = provider();
    const { container } = await renderPage({ pageId: 'fixture/noticeList', dataProvider: dp });
    const batch = screen.getByRole('button', { name: btn('批量发布') }) as HTMLButtonElement;
    expect(batch.disabled).toBe(true);
    for (const t of ['标题1', '标题2', '标题3']) fireEvent.click(within(rowOf(t)).getByRole('checkbox'));
    await tick();
    expect(batch.disabled).toBe(false);
    fireEvent.click(batch);
    expect(await screen.findByText('确定发布该公告吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: btn('确定') }));
    await settle(container);
    expect(dp.calls.filter((c) => c.method === 'transition').map((c) => (c.args[1] as { id: string }).id)).toEqual([
      'notice-1',
      'notice-3',
    ]);
  });

  it('comes back to the page and filters the user left', async () => {
    const dp = provider();
    const first = await renderPage({ pageId: 'fixture/noticeList', dataProvider: dp });
    fireEvent.change(first.container.querySelector('.runtime-filters input')!, { target: { value: '标题' } });
    fireEvent.click(screen.getByRole('button', { name: btn('查询') }));
    await settle(first.container);
    fireEvent.click(first.container.querySelector('.ant-pagination-item-2')!);
    await settle(first.container);
    cleanup();
    const again = await renderPage({ pageId: 'fixture/noticeList', dataProvider: dp });
    expect(dp.calls.filter((c) => c.method === 'getList').at(-1)?.args[1]).toMatchObject({
      page: 2,
      filters: [{ field: 'title', op: 'like', value: '标题' }],
    });
    expect((again.container.querySelector('.runtime-filters input') as HTMLInputElement).value).toBe('标题');
    expect(again.container.querySelector('.ant-pagination-item-active')?.textContent).toBe('2');
  });

  it('reads a public list anonymously and offers no actions', async () => {
    const dp = provider();
    const { container } = await renderPage({ pageId: 'fixture/noticePublicList', dataProvider: dp, user: null });
    expect(dp.calls.some((c) => c.method === 'getList')).toBe(false);
    expect(dp.calls.find((c) => c.method === 'getPublicList')).toBeTruthy();
    expect(dp.calls.find((c) => c.method === 'getDictionary' && c.args[0] === 'hyly')?.args).toEqual(['hyly', true]);
    expect(container.querySelector('.runtime-toolbar')).toBeNull();
    expect(screen.queryByText('操作')).toBeNull();
    expect(within(rowOf('标题2')).getByText('职业教育').className).toContain('ant-tag-blue');
  });
});

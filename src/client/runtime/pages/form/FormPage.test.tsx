// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { fixtureDictionaries, fixtureEntities, fixturePages, fixtureWorkflows } from '../../__fixtures__/index.js';
import { createFixtureDataProvider } from '../../testing/fixtureDataProvider.js';
import { currentLocation, renderPage, settle } from '../../testing/renderPage.js';
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
const provider = () => createFixtureDataProvider(schemas);
const btn = (name: string) => new RegExp(`^${name.split('').join('\\s*')}$`);
const item = (container: HTMLElement, label: string) =>
  [...container.querySelectorAll('.ant-formily-item')].find(
    (el) => el.querySelector('.ant-formily-item-label')?.textContent?.replace(/[*:：\s]/g, '') === label,
  ) as HTMLElement | undefined;
const tick = () =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });

describe('form page', () => {
  it('edits a record: sends the page fields with the version, never server fields, then goes on', async () => {
    const dp = provider();
    const { container } = await renderPage({
      pageId: 'fixture/noticeForm',
      mode: 'edit',
      query: { id: 'notice-2' },
      dataProvider: dp,
    });
    const title = item(container, '标题')!.querySelector('input')!;
    expect(title.value).toBe('标题2');
    fireEvent.change(title, { target: { value: '新标题' } });
    fireEvent.click(screen.getByRole('button', { name: btn('保存') }));
    await waitFor(() => expect(dp.calls.some((c) => c.method === 'save')).toBe(true));
    const [, body] = dp.calls.find((c) => c.method === 'save')!.args as [string, Record<string, unknown>];
    expect(body).toMatchObject({ id: 'notice-2', version: 1, title: '新标题', category: '2' });
    expect(Object.keys(body)).not.toContain('status');
    expect(Object.keys(body)).not.toContain('areaCode');
    expect(Object.keys(body)).not.toContain('_perm');
    await waitFor(() => expect(currentLocation()).toBe('/informationManagement/notice'));
    expect(dp.calls.some((c) => c.method === 'transition')).toBe(false);
  });

  it("asks the workflow transition's confirm, then saves and fires the submit transition in one call", async () => {
    const dp = provider();
    await renderPage({ pageId: 'fixture/noticeForm', mode: 'edit', query: { id: 'notice-1' }, dataProvider: dp });
    fireEvent.click(screen.getByRole('button', { name: btn('发布') }));
    await waitFor(() => expect(screen.getByText('确定发布该公告吗？')).toBeTruthy());
    expect(dp.calls.some((c) => c.method === 'save')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: btn('确定') }));
    await waitFor(() => expect(dp.calls.some((c) => c.method === 'save')).toBe(true));
    const saves = dp.calls.filter((c) => c.method === 'save');
    expect(saves).toHaveLength(1);
    expect(saves[0].args[1]).toMatchObject({ id: 'notice-1', version: 1, _action: 'publish' });
    await tick();
    expect(dp.calls.some((c) => c.method === 'transition')).toBe(false);
  });

  it('saves nothing when the submit confirm is cancelled', async () => {
    const dp = provider();
    await renderPage({ pageId: 'fixture/noticeForm', mode: 'edit', query: { id: 'notice-1' }, dataProvider: dp });
    fireEvent.click(screen.getByRole('button', { name: btn('发布') }));
    await waitFor(() => expect(screen.getByText('确定发布该公告吗？')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: btn('取消') }));
    await tick();
    expect(dp.calls.some((c) => c.method === 'save' || c.method === 'transition')).toBe(false);
  });

  it('checks the fields before it asks the confirm: an empty form shows what is missing, not 确定发布', async () => {
    const dp = provider();
    const { container } = await renderPage({ pageId: 'fixture/noticeForm', mode: 'add', dataProvider: dp });
    fireEvent.click(screen.getByRole('button', { name: btn('发布') }));
    await waitFor(() => expect(item(container, '标题')!.textContent).toContain('请输入标题'));
    await tick();
    expect(screen.queryByText('确定发布该公告吗？')).toBeNull();
    expect(dp.calls.some((c) => c.method === 'save' || c.method === 'transition')).toBe(false);
  });

  it('refuses to save an empty required field, naming the field: 请输入 for typing, 请选择 for picking', async () => {
    const dp = provider();
    const { container } = await renderPage({ pageId: 'fixture/noticeForm', mode: 'add', dataProvider: dp });
    fireEvent.click(screen.getByRole('button', { name: btn('保存') }));
    await waitFor(() => expect(item(container, '标题')!.textContent).toContain('请输入标题'));
    expect(item(container, '类别')!.textContent).toContain('请选择类别');
    expect(container.textContent).not.toContain('该字段是必填字段');
    expect(dp.calls.some((c) => c.method === 'save')).toBe(false);
  });

  it('names the field in length, range and format messages', async () => {
    const { container } = await renderPage({
      pageId: 'fixture/noticeForm',
      mode: 'edit',
      query: { id: 'notice-2' },
      dataProvider: provider(),
    });
    const title = item(container, '标题')!.querySelector('input')!;
    fireEvent.change(title, { target: { value: '长'.repeat(101) } });
    fireEvent.blur(title);
    await waitFor(() => expect(item(container, '标题')!.textContent).toContain('标题不能超过100个字符'));
    const sortNo = item(container, '排序')?.querySelector('input');
    if (sortNo) {
      fireEvent.change(sortNo, { target: { value: '1000' } });
      fireEvent.blur(sortNo);
      await waitFor(() => expect(item(container, '排序')!.textContent).toMatch(/排序不能大于999/));
    }
  });

  it('checks the pattern with the schema message', async () => {
    const { container } = await renderPage({
      pageId: 'fixture/noticeForm',
      mode: 'edit',
      query: { id: 'notice-2' },
      dataProvider: provider(),
    });
    const phone = item(container, '联系电话')!.querySelector('input')!;
    fireEvent.change(phone, { target: { value: '12345' } });
    fireEvent.blur(phone);
    await waitFor(() => expect(item(container, '联系电话')!.textContent).toContain('请输入正确的手机号码'));
  });

  it("puts the server's field messages on the fields", async () => {
    const dp = provider();
    dp.save = async () => {
      throw Object.assign(new Error('参数不合法'), { data: { fields: { title: '标题已存在' } } });
    };
    const { container } = await renderPage({
      pageId: 'fixture/noticeForm',
      mode: 'edit',
      query: { id: 'notice-2' },
      dataProvider: dp,
    });
    fireEvent.click(screen.getByRole('button', { name: btn('保存') }));
    await waitFor(() => expect(item(container, '标题')!.textContent).toContain('标题已存在'));
    expect(currentLocation()).toBe('/page');
  });

  it('shows, requires and disables fields by the schema rules', async () => {
    const { container } = await renderPage({ pageId: 'fixture/noticeForm', mode: 'add', dataProvider: provider() });
    expect(item(container, '排序')).toBeUndefined();
    expect((item(container, '联系电话')!.querySelector('input') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(item(container, '置顶')!.querySelector('button')!);
    await tick();
    expect(item(container, '排序')).toBeDefined();
    expect(item(container, '排序')!.querySelector('.ant-formily-item-asterisk')).not.toBeNull();
  });

  it('shows a record read-pretty in look mode: text only, labels for dictionaries and statuses', async () => {
    const { container } = await renderPage({
      pageId: 'fixture/noticeForm',
      mode: 'look',
      query: { id: 'notice-2' },
      dataProvider: provider(),
    });
    expect(container.querySelectorAll('input, textarea, [contenteditable="true"]')).toHaveLength(0);
    expect(item(container, '类别')!.textContent).toContain('职业教育');
    expect(item(container, '状态')!.textContent).toContain('已发布');
    expect(item(container, '置顶')!.textContent).toContain('否');
    expect(item(container, '附件')!.querySelector('a')!.getAttribute('href')).toBe('/api/file/download?id=201');
    expect(screen.queryByRole('button', { name: btn('保存') })).toBeNull();
  });

  it('keeps stored script inert in look mode', async () => {
    const dp = provider();
    const real = dp.getOne;
    dp.getOne = async (e, id) => ({
      ...(await real(e, id)),
      content:
        '<p>正文</p><img src="x" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">链接</a>',
    });
    const { container } = await renderPage({
      pageId: 'fixture/noticeForm',
      mode: 'look',
      query: { id: 'notice-2' },
      dataProvider: dp,
    });
    const view = container.querySelector('.runtime-richtext-view')!;
    expect(view.innerHTML).toBe('<p>正文</p><img src="x"><a>链接</a>');
  });

  it('walks a multi-step form, validating each step before the next', async () => {
    const dp = provider();
    const { container } = await renderPage({ pageId: 'fixture/noticeSteps', mode: 'add', dataProvider: dp });
    expect(container.querySelector('.ant-steps')).not.toBeNull();
    expect(item(container, '正文')).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: btn('下一步') }));
    await waitFor(() => expect(item(container, '标题')!.textContent).toContain('请输入标题'));
    fireEvent.change(item(container, '标题')!.querySelector('input')!, { target: { value: '分步标题' } });
    fireEvent.click(item(container, '类别')!.querySelectorAll('input[type="radio"]')[1]);
    fireEvent.click(screen.getByRole('button', { name: btn('下一步') }));
    await waitFor(() => expect(item(container, '正文')).toBeDefined());
    expect(item(container, '标题')).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: btn('上一步') }));
    await waitFor(() =>
      expect((item(container, '标题')!.querySelector('input') as HTMLInputElement).value).toBe('分步标题'),
    );
  });

  it('says so when the record does not exist', async () => {
    const dp = provider();
    dp.getOne = async () => {
      throw new Error('记录不存在');
    };
    const { container } = await renderPage({
      pageId: 'fixture/noticeForm',
      mode: 'edit',
      query: { id: 'x' },
      dataProvider: dp,
    });
    await settle(container);
    expect(screen.getByText('记录不存在')).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { vi } from 'vitest';
import type { PageDef } from '../../../../shared/schema/types.js';
import { fixtureDictionaries, fixtureEntities, fixturePages, fixtureWorkflows } from '../../__fixtures__/index.js';
import { createFixtureDataProvider } from '../../testing/fixtureDataProvider.js';
import { currentLocation, renderPage } from '../../testing/renderPage.js';
import { setupDom } from '../../testing/setupDom.js';
import { LEAVE_QUESTION, mayLeave } from '../../../feedback/leaveGuard.js';

setupDom();
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  vi.restoreAllMocks();
});

/** The steps fixture as a draft-keeping application: autosave as typed, resume by category. */
const steps = fixturePages.find((p) => p.id === 'fixture/noticeSteps')!;
const draftPage = (autosave: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  ({ ...steps, id: 'fixture/noticeDraft', autosave, ...extra }) as unknown as PageDef;
const provider = (page: PageDef) =>
  createFixtureDataProvider({
    pages: [...fixturePages, page],
    entities: fixtureEntities,
    workflows: fixtureWorkflows,
    dictionaries: fixtureDictionaries,
  });
const btn = (name: string) => new RegExp(`^${name.split('').join('\\s*')}$`);
const item = (container: HTMLElement, label: string) =>
  [...container.querySelectorAll('.ant-formily-item')].find(
    (el) => el.querySelector('.ant-formily-item-label')?.textContent?.replace(/[*:：\s]/g, '') === label,
  ) as HTMLElement | undefined;

describe('application drafts (form page autosave)', () => {
  it('saves the draft as the user types, once the typing pauses (debounced)', async () => {
    const page = draftPage({ intervalSeconds: 600, debounceSeconds: 0.3 });
    const dp = provider(page);
    const { container } = await renderPage({ pageId: page.id, mode: 'add', dataProvider: dp });
    fireEvent.change(item(container, '标题')!.querySelector('input')!, { target: { value: '边写边存' } });
    fireEvent.change(item(container, '标题')!.querySelector('input')!, { target: { value: '边写边存的标题' } });
    await waitFor(() => expect(dp.calls.filter((c) => c.method === 'save')).toHaveLength(1), { timeout: 3000 });
    expect(dp.calls.find((c) => c.method === 'save')!.args[1]).toMatchObject({ title: '边写边存的标题' });
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^草稿已自动保存/));
  });

  it('asks before leaving with typed values not yet saved, and not once they are', async () => {
    const page = draftPage({ intervalSeconds: 600, debounceSeconds: 0.3 });
    const dp = provider(page);
    const { container } = await renderPage({ pageId: page.id, mode: 'add', dataProvider: dp });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    expect(mayLeave()).toBe(true);
    fireEvent.change(item(container, '标题')!.querySelector('input')!, { target: { value: '未保存的标题' } });
    expect(mayLeave()).toBe(false);
    expect(confirm).toHaveBeenCalledWith(LEAVE_QUESTION);
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    await waitFor(() => expect(dp.calls.some((c) => c.method === 'save')).toBe(true), { timeout: 3000 });
    await waitFor(() => expect(mayLeave()).toBe(true));
  });

  it('reopens a draft at the step last edited', async () => {
    const page = draftPage({ intervalSeconds: 600 });
    const dp = provider(page);
    const first = await renderPage({ pageId: page.id, mode: 'edit', query: { id: 'notice-2' }, dataProvider: dp });
    fireEvent.click(screen.getByRole('button', { name: btn('下一步') }));
    await waitFor(() => expect(item(first.container, '正文')).toBeDefined());
    cleanup();
    const again = await renderPage({ pageId: page.id, mode: 'edit', query: { id: 'notice-2' }, dataProvider: dp });
    await waitFor(() => expect(item(again.container, '正文')).toBeDefined());
    expect(item(again.container, '标题')).toBeUndefined();
    // Saved with its own button, the form was finished: it opens at its start next time.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: btn('保存') }));
    });
    await waitFor(() => expect(dp.calls.some((c) => c.method === 'save')).toBe(true));
    cleanup();
    const third = await renderPage({ pageId: page.id, mode: 'edit', query: { id: 'notice-2' }, dataProvider: dp });
    await waitFor(() => expect(item(third.container, '标题')).toBeDefined());
  });

  it('offers 继续编辑 where the user already has a draft, instead of opening it without a word', async () => {
    const page = draftPage({ resumeBy: ['category'] }, { initialValues: { category: { var: 'query.category' } } });
    const dp = provider(page);
    await renderPage({ pageId: page.id, mode: 'add', query: { category: '1' }, dataProvider: dp });
    await waitFor(() => expect(screen.getByText('您在此已有一份尚未提交的草稿')).toBeTruthy());
    expect(currentLocation()).not.toContain('id=');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: btn('继续编辑') }));
    });
    await waitFor(() => expect(currentLocation()).toMatch(/id=notice-/));
  });
});

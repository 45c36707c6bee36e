// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
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
const btn = (name: string) => new RegExp(`^${name.split('').join('\\s*')}$`);
const item = (container: HTMLElement, label: string) =>
  [...container.querySelectorAll('.ant-formily-item')].find(
    (el) => el.querySelector('.ant-formily-item-label')?.textContent?.replace(/[*:：\s]/g, '') === label,
  ) as HTMLElement | undefined;
const toasts = () => [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent ?? '');
const refused = (data: unknown) => Object.assign(new Error('参数不合法'), { kind: 'envelope', data });

describe('a refused save tells every field message', () => {
  it('says a message of a field the page does not have in the toast, not 参数不合法', async () => {
    const dp = createFixtureDataProvider(schemas);
    let options: unknown;
    dp.save = async (_e, _b, o) => {
      options = o;
      throw refused([{ field: 'notice', message: '该通知下已有您的课题' }]);
    };
    await renderPage({ pageId: 'fixture/noticeForm', mode: 'edit', query: { id: 'notice-2' }, dataProvider: dp });
    fireEvent.click(screen.getByRole('button', { name: btn('保存') }));
    await waitFor(() => expect(toasts()).toContain('该通知下已有您的课题'));
    expect(toasts()).not.toContain('参数不合法');
    // The request layer stays quiet: the form is the one place that tells.
    expect(options).toEqual({ silent: true });
  });

  it('says a message of a field on another step in the toast, and one on screen at its field', async () => {
    const dp = createFixtureDataProvider(schemas);
    const { container } = await renderPage({
      pageId: 'fixture/noticeSteps',
      mode: 'edit',
      query: { id: 'notice-2' },
      dataProvider: dp,
    });
    fireEvent.click(screen.getByRole('button', { name: btn('下一步') }));
    await waitFor(() => expect(item(container, '正文')).toBeDefined());
    dp.save = async () => {
      throw refused([
        { field: 'title', message: '标题已存在' },
        { field: 'content', message: '正文不能为空' },
      ]);
    };
    fireEvent.click(screen.getByRole('button', { name: btn('保存') }));
    await waitFor(() => expect(toasts()).toContain('标题已存在'));
    expect(item(container, '正文')!.textContent).toContain('正文不能为空');
    expect(toasts().join('')).not.toContain('正文不能为空');
  });

  it('names the fields to look at, not their messages again, when every message is at its field on screen', async () => {
    const dp = createFixtureDataProvider(schemas);
    dp.save = async () => {
      throw refused({ fields: { title: '标题已存在' } });
    };
    const { container } = await renderPage({
      pageId: 'fixture/noticeForm',
      mode: 'edit',
      query: { id: 'notice-2' },
      dataProvider: dp,
    });
    fireEvent.click(screen.getByRole('button', { name: btn('保存') }));
    await waitFor(() => expect(item(container, '标题')!.textContent).toContain('标题已存在'));
    await waitFor(() => expect(toasts()).toContain('参数不合法，请按「标题」处的提示修改'));
    expect(toasts().join('')).not.toContain('标题已存在');
  });
});

describe('an autosave the server refuses', () => {
  it('says why in the note and the toast, not only 草稿自动保存未成功, and says so once a later autosave goes through', async () => {
    const steps = fixturePages.find((p) => p.id === 'fixture/noticeSteps')!;
    const withAutosave = {
      ...steps,
      id: 'fixture/noticeStepsAutosave',
      autosave: { intervalSeconds: 3600, onStepChange: true },
    };
    const dp = createFixtureDataProvider({ ...schemas, pages: [...fixturePages, withAutosave] });
    const real = dp.save;
    let refuse = true;
    dp.save = async (e, b, o) => {
      if (refuse) throw refused([{ field: 'noticeId', message: '该通知下已有您的课题' }]);
      return real(e, b, o);
    };
    const { container } = await renderPage({
      pageId: 'fixture/noticeStepsAutosave',
      mode: 'edit',
      query: { id: 'notice-2' },
      dataProvider: dp,
    });
    fireEvent.change(item(container, '标题')!.querySelector('input')!, { target: { value: '改过的标题' } });
    fireEvent.click(screen.getByRole('button', { name: btn('下一步') }));
    await waitFor(() =>
      expect(container.querySelector('.runtime-autosave-note')?.textContent).toBe(
        '草稿自动保存未成功：该通知下已有您的课题',
      ),
    );
    await waitFor(() => expect(toasts()).toContain('该通知下已有您的课题'));
    // The values still differ from the last saved ones: going back saves them again, and now it goes through.
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: btn('上一步') }));
    await waitFor(() =>
      expect(container.querySelector('.runtime-autosave-note')?.textContent).toMatch(/^草稿已自动保存/),
    );
  });
});

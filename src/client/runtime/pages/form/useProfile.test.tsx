// @vitest-environment jsdom
import { cleanup, waitFor } from '@testing-library/react';
import type { PageDef } from '../../../../shared/schema/types.js';
import { fixtureDictionaries, fixtureEntities, fixturePages, fixtureWorkflows } from '../../__fixtures__/index.js';
import { createFixtureDataProvider } from '../../testing/fixtureDataProvider.js';
import { renderPage } from '../../testing/renderPage.js';
import { setupDom } from '../../testing/setupDom.js';
import { readsProfile } from '../../model/formInit.js';
import { PROFILE_PATH } from './useProfile.js';
import application from '../../../../../schemas/pages/topics/topic.application.json';

setupDom();
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

const form = fixturePages.find((p) => p.id === 'fixture/noticeForm')!;
// A new record prefilled from the signed-in user's own profile, as the application's leader fields are.
const page = {
  ...form,
  id: 'fixture/noticeFromProfile',
  initialValues: { contactPhone: { var: 'profile.mobile' }, title: { var: 'profile.realName' } },
} as unknown as PageDef;
const provider = (answers: Record<string, unknown>) =>
  createFixtureDataProvider(
    {
      pages: [...fixturePages, page],
      entities: fixtureEntities,
      workflows: fixtureWorkflows,
      dictionaries: fixtureDictionaries,
    },
    { moduleAnswers: answers },
  );
const input = (container: HTMLElement, label: string) =>
  (
    [...container.querySelectorAll('.ant-formily-item')].find(
      (el) => el.querySelector('.ant-formily-item-label')?.textContent?.replace(/[*:：\s]/g, '') === label,
    ) as HTMLElement | undefined
  )?.querySelector('input') as HTMLInputElement | undefined;

describe("initial values from the user's own profile", () => {
  it('a new record starts with the unmasked profile values the page names', async () => {
    const dp = provider({
      [PROFILE_PATH]: { realName: '张老师', mobile: '13912345678', idCardNo: '110101199003071234' },
    });
    const { container } = await renderPage({ pageId: page.id, mode: 'add', dataProvider: dp });
    await waitFor(() => expect(input(container, '标题')?.value).toBe('张老师'));
    expect(input(container, '联系电话')?.value).toBe('13912345678');
    expect(dp.calls.filter((c) => c.method === 'moduleCall' && c.args[0] === PROFILE_PATH)).toHaveLength(1);
  });

  it("prefills the application's leader ID number and mobile from the profile", () => {
    expect(application.initialValues).toMatchObject({
      leaderIdCard: { var: 'profile.idCardNo' },
      leaderMobile: { var: 'profile.mobile' },
    });
    expect(readsProfile(application as never)).toBe(true);
  });

  it('is read only by pages that name it, and not for an existing record', async () => {
    expect(readsProfile(page as never)).toBe(true);
    expect(readsProfile({ ...form, initialValues: { title: { var: 'user.realName' } } } as never)).toBe(false);
    expect(readsProfile({ ...form, initialValues: { title: { if: [true, { var: 'profile' }, null] } } } as never)).toBe(
      true,
    );
    const dp = provider({});
    await renderPage({ pageId: page.id, mode: 'edit', query: { id: 'notice-2' }, dataProvider: dp });
    await renderPage({ pageId: form.id, mode: 'add', dataProvider: dp });
    expect(dp.calls.some((c) => c.method === 'moduleCall' && c.args[0] === PROFILE_PATH)).toBe(false);
  });

  it('opens the form without those values when the profile cannot be read', async () => {
    const dp = provider({});
    const { container } = await renderPage({ pageId: page.id, mode: 'add', dataProvider: dp });
    await waitFor(() => expect(input(container, '联系电话')).toBeDefined());
    expect(input(container, '联系电话')!.value).toBe('');
  });
});

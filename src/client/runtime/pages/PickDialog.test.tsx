// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { PageDef } from '../../../shared/schema/types.js';
import { fixtureDictionaries, fixtureEntities, fixturePages, fixtureWorkflows } from '../__fixtures__/index.js';
import { createFixtureDataProvider } from '../testing/fixtureDataProvider.js';
import { currentLocation, FIXED_NOW, renderPage } from '../testing/renderPage.js';
import { setupDom } from '../testing/setupDom.js';

setupDom();
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const btn = (name: string) => new RegExp(`^${name.split('').join('\\s*')}$`);
const list = fixturePages.find((p) => p.id === 'fixture/noticeList')!;
// 我的课题列表 → 申报课题: the notice is picked in a dialog, not looked for on another page.
const page = {
  ...list,
  id: 'fixture/topicsOfLeader',
  toolbar: [
    {
      type: 'link',
      label: '申报课题',
      to: '/apply?noticeId=:id',
      primary: true,
      pick: {
        entity: 'notice',
        title: '选择申报通知',
        filters: [{ field: 'status', op: 'eq', value: '1' }],
        empty: '当前没有可申报的通知',
      },
    },
  ],
} as unknown as PageDef;

describe('a link whose record is picked first', () => {
  it('lists the records the filters keep and goes to the link of the chosen one', async () => {
    const dp = createFixtureDataProvider({
      pages: [...fixturePages, page],
      entities: fixtureEntities,
      workflows: fixtureWorkflows,
      dictionaries: fixtureDictionaries,
    });
    await renderPage({ pageId: page.id, dataProvider: dp });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: btn('申报课题') }));
    });
    await waitFor(() => expect(screen.getByText('选择申报通知')).toBeTruthy(), { timeout: 30_000 });
    const asked = dp.calls.filter((c) => c.method === 'getList').at(-1)!.args as [string, { filters: unknown }];
    expect(asked[0]).toBe('notice');
    expect(asked[1].filters).toEqual([{ field: 'status', op: 'eq', value: '1' }]);
    const choose = await screen.findAllByRole('button', { name: btn('选择') }, { timeout: 30_000 });
    await act(async () => {
      fireEvent.click(choose[0]);
    });
    await waitFor(() => expect(currentLocation()).toMatch(/^\/apply\?noticeId=notice-/));
  }, 90_000);

  it('evaluates rules in filter values when it opens (the notices whose window holds now)', async () => {
    const windowed = {
      ...page,
      id: 'fixture/topicsOfLeaderWindowed',
      toolbar: [
        {
          type: 'link',
          label: '申报课题',
          to: '/apply?noticeId=:id',
          pick: {
            entity: 'notice',
            title: '选择申报通知',
            empty: '当前没有可申报的通知',
            filters: [
              { field: 'startTime', op: 'range', value: [null, { var: 'now' }] },
              { field: 'endTime', op: 'range', value: [{ var: 'now' }, null] },
            ],
          },
        },
      ],
    } as unknown as PageDef;
    const dp = createFixtureDataProvider({
      pages: [...fixturePages, windowed],
      entities: fixtureEntities,
      workflows: fixtureWorkflows,
      dictionaries: fixtureDictionaries,
    });
    await renderPage({ pageId: windowed.id, dataProvider: dp });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: btn('申报课题') }));
    });
    await waitFor(() => expect(screen.getByText('选择申报通知')).toBeTruthy(), { timeout: 30_000 });
    const asked = dp.calls.filter((c) => c.method === 'getList').at(-1)!.args as [string, { filters: unknown }];
    expect(asked[1].filters).toEqual([
      { field: 'startTime', op: 'range', value: [null, FIXED_NOW] },
      { field: 'endTime', op: 'range', value: [FIXED_NOW, null] },
    ]);
  }, 90_000);
});

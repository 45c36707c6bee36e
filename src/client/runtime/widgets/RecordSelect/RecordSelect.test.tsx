// @vitest-environment jsdom
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { cleanup, render, waitFor } from '@testing-library/react';
import { RuntimeProvider } from '../../RuntimeContext.js';
import { createFixtureDataProvider } from '../../testing/fixtureDataProvider.js';
import { setupDom } from '../../testing/setupDom.js';
import { RecordSelect } from './RecordSelect.js';

setupDom();
afterEach(cleanup);

function provider() {
  const dp = createFixtureDataProvider({ pages: [], entities: [], workflows: [], dictionaries: [] });
  const asked: string[] = [];
  dp.getList = async () => ({ list: [], total: 0, page: 1, pageSize: 100 });
  dp.getOne = async (entity, id) => {
    asked.push(`${entity}:${id}`);
    throw Object.assign(new Error('记录不存在'), { status: 404 });
  };
  return { dp, asked };
}

describe('RecordSelect', () => {
  it("shows a chosen record the user may not read by the label the form's record keeps, without asking for it", async () => {
    const { dp, asked } = provider();
    const form = createForm({ values: { userId: 7, personName: '省级管理员' } });
    const { container } = render(
      <RuntimeProvider dataProvider={dp} user={null}>
        <FormProvider form={form}>
          <RecordSelect entity="user" labelField="realName" labelFrom="personName" value={7} />
        </FormProvider>
      </RuntimeProvider>,
    );
    await waitFor(() => expect(container.querySelector('.ant-select-selection-item')?.textContent).toBe('省级管理员'));
    expect(asked).toEqual([]);
  });

  it('asks for a chosen record outside the options where the form keeps no label', async () => {
    const { dp, asked } = provider();
    render(
      <RuntimeProvider dataProvider={dp} user={null}>
        <RecordSelect entity="topic" value={3} />
      </RuntimeProvider>,
    );
    await waitFor(() => expect(asked).toEqual(['topic:3']));
  });
});

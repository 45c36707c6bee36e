// @vitest-environment jsdom
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { EntityDef, PageDef } from '../../../../shared/schema/types.js';
import { READ_ONLY_MESSAGE, readOnlyProvider } from '../../data/readOnlyProvider.js';
import { RuntimeProvider } from '../../RuntimeContext.js';
import { createFixtureDataProvider } from '../../testing/fixtureDataProvider.js';
import { setupDom } from '../../testing/setupDom.js';
import '../index.js';
import '../../widgets/index.js';
import { StudioPreview } from './StudioPreview.js';

setupDom();
afterEach(() => cleanup());

const entity: EntityDef = {
  name: 'sample',
  label: '样例',
  access: { read: [], create: [], update: [], delete: [] },
  fields: { name: { type: 'string', label: '名称' }, note: { type: 'string', label: '省级批注' } },
} as unknown as EntityDef;
const page = {
  kind: 'form',
  id: 'sample.form',
  entity: 'sample',
  title: '样例表单',
  sections: [
    {
      title: '基本信息',
      fields: [{ field: 'name' }, { field: 'note', visible: { '==': [{ var: 'user.roleCode' }, '2'] } }],
    },
  ],
} as unknown as PageDef;
const labels = (c: HTMLElement) =>
  [...c.querySelectorAll('.ant-formily-item-label')].map((el) => el.textContent?.replace(/[*:：\s]/g, ''));

describe('studio preview', () => {
  it('draws the page as the role chosen reads its rules', async () => {
    const dp = createFixtureDataProvider({ pages: [page], entities: [entity], workflows: [], dictionaries: [] });
    const { container } = render(
      <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <RuntimeProvider dataProvider={dp} user={{ userId: 'a', username: 'analyst1', roleCode: '2', roles: ['2'] }}>
          <StudioPreview
            pageText={JSON.stringify(page)}
            docText={async (key) => (key === 'entities/sample' ? JSON.stringify(entity) : undefined)}
          />
        </RuntimeProvider>
      </MemoryRouter>,
    );
    await waitFor(() => expect(labels(container)).toEqual(['名称', '省级批注']), { timeout: 5000 });
    fireEvent.mouseDown(container.querySelector('.studio-preview .ant-select-selector')!);
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="课题负责人"]')).toBeTruthy());
    fireEvent.click(document.querySelector('.ant-select-item-option[title="课题负责人"]')!);
    await waitFor(() => expect(labels(container)).toEqual(['名称']), { timeout: 5000 });
  });

  it('draws the entity as just published, the page text unchanged', async () => {
    const dp = createFixtureDataProvider({ pages: [page], entities: [entity], workflows: [], dictionaries: [] });
    const user = { userId: 'a', username: 'analyst1', roleCode: '2', roles: ['2'] };
    const pageText = JSON.stringify(page);
    const view = (e: EntityDef) => (
      <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <RuntimeProvider dataProvider={dp} user={user}>
          <StudioPreview
            pageText={pageText}
            docText={async (key) => (key === 'entities/sample' ? JSON.stringify(e) : undefined)}
          />
        </RuntimeProvider>
      </MemoryRouter>
    );
    const { container, rerender } = render(view(entity));
    await waitFor(() => expect(labels(container)).toEqual(['名称', '省级批注']), { timeout: 5000 });
    const published = { ...entity, fields: { ...entity.fields, name: { type: 'string', label: '课题名称' } } };
    rerender(view(published as EntityDef));
    await waitFor(() => expect(labels(container)).toEqual(['课题名称', '省级批注']), { timeout: 5000 });
  });

  it('reads through the provider and refuses every record write before it leaves the browser', async () => {
    const dp = createFixtureDataProvider({ pages: [page], entities: [entity], workflows: [], dictionaries: [] });
    const ro = readOnlyProvider(dp);
    expect((await ro.getList('sample', { page: 1, pageSize: 2 })).list).toHaveLength(2);
    for (const write of [
      () => ro.save('sample', { name: 'x' }),
      () => ro.remove('sample', ['1']),
      () => ro.transition('sample', { id: '1', action: 'submit' } as never),
      () => ro.importFile('sample', { pageId: 'p', fileName: 'a.xlsx', content: '' }),
    ])
      await expect(write()).rejects.toThrow(READ_ONLY_MESSAGE);
    expect(dp.calls.map((c) => c.method)).toEqual(['getList']);
  });
});

// @vitest-environment jsdom
import { createForm } from '@formily/core';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { FormPageDef } from '../../../../shared/schema/types.js';
import type { DataProvider } from '../../data/dataProvider.js';
import { RuntimeProvider } from '../../RuntimeContext.js';
import { setupDom } from '../../testing/setupDom.js';
import { useAutosave } from './useAutosave.js';

setupDom();
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const page = { kind: 'form', id: 'test/draft', entity: 'topic', title: '申报书', autosave: { intervalSeconds: 30 } };

function mount() {
  const save = vi.fn(async () => ({ id: 7, version: 1 }));
  const dataProvider = { save } as unknown as DataProvider;
  const form = createForm({ initialValues: { noticeId: 3 } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RuntimeProvider dataProvider={dataProvider} user={null} now={() => 0}>
      {children}
    </RuntimeProvider>
  );
  const hook = renderHook(
    () =>
      useAutosave(page as unknown as FormPageDef, 'topic', form, ['noticeId', 'name', 'expectedResult'], null, true),
    { wrapper },
  );
  return { save, form, hook };
}

describe('draft autosave on its timer', () => {
  it('leaves an untouched new form alone though the page filled a value itself (an empty list drawn late)', async () => {
    vi.useFakeTimers();
    const { save, form, hook } = mount();
    // A choice of several is drawn after the form opened and starts as an empty list: nobody typed it.
    act(() => form.setValuesIn('expectedResult', []));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(95_000);
    });
    expect(save).not.toHaveBeenCalled();
    expect(hook.result.current.note).toBeNull();
  });

  it('keeps what the user typed on its next turn', async () => {
    vi.useFakeTimers();
    const { save, form } = mount();
    form.createField({ name: 'name' });
    await act(async () => {
      (form.query('name').take() as unknown as { onInput(v: string): Promise<void> }).onInput('家校共育的实践研究');
      await vi.advanceTimersByTimeAsync(31_000);
    });
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]).toEqual([
      'topic',
      expect.objectContaining({ name: '家校共育的实践研究' }),
      { silent: true },
    ]);
  });
});

// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RuntimeProvider } from '../../../../runtime/RuntimeContext.js';
import { createFixtureDataProvider } from '../../../../runtime/testing/fixtureDataProvider.js';
import { DecideDialog } from './DecideDialog.js';

afterEach(cleanup);

const def = { endpoint: 'review/decide', label: '决定', dict: 'lxjd', field: 'decision' };
const dataProvider = () => createFixtureDataProvider({ pages: [], entities: [], workflows: [], dictionaries: [] });

async function decide(onOk: (d: string, n: string) => Promise<void>, onCancel = vi.fn()) {
  render(
    <RuntimeProvider dataProvider={dataProvider()} user={null}>
      <DecideDialog
        def={def}
        title="课题甲"
        allowed={[{ value: '1', label: '立项' }]}
        onCancel={onCancel}
        onOk={onOk}
      />
    </RuntimeProvider>,
  );
  fireEvent.click(screen.getByLabelText('立项'));
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await new Promise((r) => setTimeout(r, 0));
  });
}

describe('the decision dialog', () => {
  it('says a refusal inside the dialog, which stays open with the choice made', async () => {
    await decide(() => Promise.reject(new Error('该课题已在其他评审批次中')));
    expect(screen.getByRole('alert').textContent).toContain('该课题已在其他评审批次中');
    expect(screen.getByLabelText('立项')).toHaveProperty('checked', true);
  });

  it('sends the choice and a trimmed note', async () => {
    const onOk = vi.fn(() => Promise.resolve());
    await decide(onOk);
    expect(onOk).toHaveBeenCalledWith('1', '');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { setupDom } from '../../testing/setupDom.js';
import { StudioProposals } from './StudioProposals.js';
import type { Proposal, StudioApi } from './studioApi.js';

setupDom();
afterEach(() => cleanup());

const proposal: Proposal = {
  id: 7,
  key: 'entities/topic',
  reason: '负责人可查看全部课题',
  status: 'pending',
  diff: [],
  accessChanges: [{ path: '/access › read', before: [], after: [{ roles: ['4'], scope: 'all' }] }],
  accessDiff: {
    entity: 'topic',
    label: '课题',
    roles: [],
    lines: ['可查看课题：课题负责人 共 6 个账号，合计 11 → 70', '  课题负责人 leader1：11 → 35 课题'],
  },
  rolledBackTo: null,
  proposedBy: 2,
  proposedByName: '孙分析',
  proposedAt: Date.UTC(2026, 10, 29, 1, 0, 0),
  decidedByName: null,
  decidedAt: null,
  decisionComment: null,
  versionId: null,
};

function fakeApi(calls: string[]): StudioApi {
  return {
    proposals: async () => ({ items: [proposal] }),
    approve: async (id: number) => {
      calls.push(`approve ${id}`);
      return { id: 1, orphans: [] };
    },
    reject: async (id: number, comment: string) => {
      calls.push(`reject ${id} ${comment}`);
      return { id };
    },
  } as unknown as StudioApi;
}

describe('access change proposals', () => {
  it('shows who, why and the reach in numbers, and asks a reason before a rejection', async () => {
    const calls: string[] = [];
    const errors: string[] = [];
    const { container, getByText } = render(
      <StudioProposals
        api={fakeApi(calls)}
        canDecide
        refresh={0}
        onDecided={() => undefined}
        onError={(m) => errors.push(m)}
      />,
    );
    await waitFor(() => expect(container.textContent).toContain('课题负责人 leader1：11 → 35 课题'));
    expect(container.textContent).toContain('孙分析');
    expect(container.textContent).toContain('负责人可查看全部课题');
    fireEvent.click(getByText('驳 回'));
    expect(errors).toEqual(['请填写驳回理由']);
    fireEvent.change(container.querySelector('input[aria-label="审批意见"]')!, { target: { value: '范围太大' } });
    fireEvent.click(getByText('驳 回'));
    await waitFor(() => expect(calls).toEqual(['reject 7 范围太大']));
  });

  it('offers no decision to whoever may not decide', async () => {
    const { container } = render(
      <StudioProposals
        api={fakeApi([])}
        canDecide={false}
        refresh={0}
        onDecided={() => undefined}
        onError={() => undefined}
      />,
    );
    await waitFor(() => expect(container.textContent).toContain('entities/topic'));
    expect(container.querySelector('input[aria-label="审批意见"]')).toBeNull();
  });
});

import type { ActionDef, ResourceRecord, WorkflowDef } from '../../../shared/schema/types.js';
import { noticeWorkflowDef as wf } from '../__fixtures__/index.js';
import {
  batchActionOffered,
  isActionVisible,
  resolveAction,
  rowActionOrder,
  rowsAllowing,
  visibleActions,
} from './actions.js';

const admin = { userId: 'u1', roleCode: '2', areaCode: '1101' };
const row = (status: string, perm: Partial<NonNullable<ResourceRecord['_perm']>> = {}): ResourceRecord => ({
  id: 'r1',
  version: 1,
  status,
  _perm: { update: true, delete: true, transitions: [], ...perm },
});

describe('action visibility', () => {
  it('needs both the schema rule and the server permission', () => {
    const del: ActionDef = { type: 'delete', visible: { '==': [{ var: 'record.status' }, '0'] } };
    expect(isActionVisible(del, { record: row('0'), user: admin })).toBe(true);
    expect(isActionVisible(del, { record: row('1'), user: admin })).toBe(false);
    expect(isActionVisible(del, { record: row('0', { delete: false }), user: admin })).toBe(false);
  });
  it('shows a transition only when the server lists it for the row', () => {
    const publish: ActionDef = { type: 'transition', action: 'publish' };
    expect(isActionVisible(publish, { record: row('0', { transitions: ['publish'] }), user: admin })).toBe(true);
    expect(isActionVisible(publish, { record: row('0', { transitions: [] }), user: admin })).toBe(false);
    expect(isActionVisible(publish, { record: { id: 'x' }, user: admin })).toBe(false);
  });
  it('checks a link permission only when the link names one', () => {
    const edit: ActionDef = { type: 'link', label: '编辑', to: '/e?id=:id', perm: 'update' };
    const look: ActionDef = { type: 'link', label: '查看', to: '/l?id=:id' };
    expect(isActionVisible(edit, { record: row('0', { update: false }) })).toBe(false);
    expect(isActionVisible(look, { record: row('0', { update: false }) })).toBe(true);
  });
  it('evaluates toolbar rules against the user', () => {
    const add: ActionDef = {
      type: 'link',
      label: '新增',
      to: '/add',
      visible: { in: [{ var: 'user.roleCode' }, ['1', '2']] },
    };
    expect(isActionVisible(add, { user: admin })).toBe(true);
    expect(isActionVisible(add, { user: { ...admin, roleCode: '4' } })).toBe(false);
    expect(isActionVisible(add, { user: null })).toBe(false);
  });
  it('implements the revocation rule of SPEC §4 through the record and user context', () => {
    const revoke: ActionDef = {
      type: 'transition',
      action: 'revoke',
      visible: {
        or: [
          { in: [{ var: 'record.status' }, ['2', '7', '11', '31', '16']] },
          {
            and: [
              { in: [{ var: 'record.status' }, ['4', '8', '13', '33', '79']] },
              { '==': [{ var: 'record.areaCode' }, '1123'] },
            ],
          },
        ],
      },
    };
    const r = (status: string, areaCode: string) => ({ ...row(status, { transitions: ['revoke'] }), areaCode });
    expect(isActionVisible(revoke, { record: r('2', '1101') })).toBe(true);
    expect(isActionVisible(revoke, { record: r('4', '1101') })).toBe(false);
    expect(isActionVisible(revoke, { record: r('4', '1123') })).toBe(true);
  });
});

describe('resolveAction', () => {
  it('takes label, confirm and comment mode from the workflow', () => {
    expect(resolveAction({ type: 'transition', action: 'publish' }, wf)).toMatchObject({
      label: '发布',
      confirm: '确定发布该公告吗？',
      comment: 'none',
    });
    expect(resolveAction({ type: 'transition', action: 'withdraw' }, wf)).toMatchObject({
      label: '撤回',
      comment: 'required',
    });
    expect(
      resolveAction({ type: 'transition', action: 'publish', comment: true, label: '批量发布' }, wf),
    ).toMatchObject({ label: '批量发布', comment: 'optional' });
  });
  it('gives delete a confirm and export a label by default', () => {
    expect(resolveAction({ type: 'delete' }, wf)).toMatchObject({
      label: '删除',
      danger: true,
      confirm: '确定要删除吗？',
    });
    expect(resolveAction({ type: 'export' }, wf).label).toBe('导出');
    // xlsx unless the page asks for CSV: the runner sends a format only then.
    expect(resolveAction({ type: 'export' }, wf).format).toBeUndefined();
    expect(resolveAction({ type: 'export', format: 'csv' }, wf).format).toBe('csv');
  });
  it('puts the actions marked inline first in a row, each group in schema order', () => {
    const defs: ActionDef[] = [
      { type: 'link', label: '查看', to: '/l' },
      { type: 'transition', action: 'withdraw' },
      { type: 'transition', action: 'publish', inline: true },
      { type: 'delete' },
    ];
    const shown = visibleActions(defs, wf, { record: row('0', { transitions: ['withdraw', 'publish'] }) });
    expect(rowActionOrder(shown).map((a) => a.label)).toEqual(['发布', '查看', '撤回', '删除']);
  });
  it('lists visible actions in schema order', () => {
    const defs: ActionDef[] = [
      { type: 'link', label: '查看', to: '/l' },
      { type: 'transition', action: 'withdraw' },
      { type: 'delete' },
    ];
    expect(
      visibleActions(defs, wf, { record: row('1', { transitions: ['withdraw'], delete: false }) }).map((a) => a.label),
    ).toEqual(['查看', '撤回']);
  });
  it('keeps, for a batch, only the rows that allow the action', () => {
    const rows = [row('0', { transitions: ['publish'] }), { ...row('1'), id: 'r2' }];
    expect(rowsAllowing({ type: 'transition', action: 'publish' }, rows, {}).map((r) => r.id)).toEqual(['r1']);
  });
});

describe('batchActionOffered', () => {
  const topicWf = {
    name: 'topic',
    field: 'status',
    statuses: [],
    transitions: [
      { action: 'cityApprove', label: '审核通过', from: ['1'], to: '4', roles: ['3'] },
      { action: 'expire', label: '过期', from: ['1'], to: '9', roles: ['3'], actor: 'system' as const },
    ],
  } as unknown as WorkflowDef;
  const as = (roleCode: string) => ({ user: { userId: '1', roleCode } });

  it('offers a transition to the roles that may fire it, never a system one', () => {
    expect(batchActionOffered({ type: 'transition', action: 'cityApprove' }, topicWf, as('3'))).toBe(true);
    expect(batchActionOffered({ type: 'transition', action: 'cityApprove' }, topicWf, as('4'))).toBe(false);
    expect(batchActionOffered({ type: 'transition', action: 'expire' }, topicWf, as('3'))).toBe(false);
    expect(batchActionOffered({ type: 'transition', action: 'unknown' }, topicWf, as('3'))).toBe(false);
  });

  it('applies a rule on the user alone, and leaves a rule on the row to the rows', () => {
    const byRole: ActionDef = {
      type: 'download',
      label: '导出',
      url: 'x?ids=:ids',
      visible: { in: [{ var: 'user.roleCode' }, ['1', '2', '3']] } as ActionDef['visible'],
    };
    expect(batchActionOffered(byRole, topicWf, as('2'))).toBe(true);
    expect(batchActionOffered(byRole, topicWf, as('4'))).toBe(false);
    const byRow: ActionDef = { ...byRole, visible: { '==': [{ var: 'record.status' }, '6'] } as ActionDef['visible'] };
    expect(batchActionOffered(byRow, topicWf, as('4'))).toBe(true);
  });
});

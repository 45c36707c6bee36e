import { describe, expect, it } from 'vitest';
import type { EntityDef, TransitionDef, WorkflowDef } from './types.js';
import { fieldsToFill, isDraftStatus, isRequired, requiredToSave } from './requiredFields.js';

const workflow = {
  name: 'w',
  field: 'status',
  initial: '0',
  statuses: [
    { code: '0', label: '草稿', draft: true },
    { code: '1', label: '审核中' },
    { code: '2', label: '已通过' },
  ],
  transitions: [],
} as unknown as WorkflowDef;
const entity = {
  name: 'e',
  fields: {
    title: { type: 'string', label: '名称', required: true },
    partner: { type: 'string', label: '合作单位', required: true, requiredOn: 'submit' },
    note: { type: 'string', label: '备注' },
    owner: { type: 'string', label: '负责人', required: true, readOnly: true },
    report: { type: 'files', label: '报告' },
    sheet: {
      type: 'files',
      label: '活页',
      requiredWhen: { '==': [{ var: 'record.asksSheet' }, true] },
      requiredOn: 'submit',
    },
  },
} as unknown as EntityDef;
const t = (over: Partial<TransitionDef>) =>
  ({ action: 'a', label: 'a', from: ['0'], to: '1', roles: ['4'], ...over }) as TransitionDef;

describe('one meaning of required', () => {
  it('knows drafts by the workflow, statuses compared as text', () => {
    expect(isDraftStatus(workflow, 0)).toBe(true);
    expect(isDraftStatus(workflow, '1')).toBe(false);
    expect(isDraftStatus(null, '0')).toBe(false);
  });

  it('lets a draft keep empty only the fields required on submit', () => {
    expect(requiredToSave(entity.fields.partner, true)).toBe(false);
    expect(requiredToSave(entity.fields.partner, false)).toBe(true);
    expect(requiredToSave(entity.fields.title, true)).toBe(true);
    expect(requiredToSave(entity.fields.owner, false)).toBe(false);
  });

  it('checks every required field when leaving a draft or submitting, else only what the transition requires', () => {
    expect(fieldsToFill(entity, workflow, t({ requires: ['report'] }), '0')).toEqual(['report', 'title', 'partner']);
    expect(fieldsToFill(entity, workflow, t({ from: ['1'], to: '2', requires: ['report'] }), '1')).toEqual(['report']);
    expect(fieldsToFill(entity, workflow, t({ from: ['1'], submission: true }), '1')).toEqual(['title', 'partner']);
  });

  it('requires a requiredWhen field only while its rule holds on the record, as required does', () => {
    const sheet = entity.fields.sheet;
    expect(isRequired(sheet, { asksSheet: true })).toBe(true);
    expect(isRequired(sheet, { asksSheet: false })).toBe(false);
    // Without the record (a count over stored rows) only `required` is known.
    expect(isRequired(sheet)).toBe(false);
    expect(requiredToSave(sheet, true, { asksSheet: true })).toBe(false);
    expect(requiredToSave(sheet, false, { asksSheet: true })).toBe(true);
    expect(requiredToSave(sheet, false, { asksSheet: null })).toBe(false);
    const submit = t({ from: ['0'], submission: true });
    expect(fieldsToFill(entity, workflow, submit, '0', { asksSheet: true })).toEqual(['title', 'partner', 'sheet']);
    expect(fieldsToFill(entity, workflow, submit, '0', { asksSheet: false })).toEqual(['title', 'partner']);
  });

  it('lets the server’s own transitions move a draft whatever it lacks', () => {
    const expire = t({ from: ['0'], to: '2', roles: [], actor: 'system' });
    expect(fieldsToFill(entity, workflow, expire, '0', { asksSheet: true })).toEqual([]);
  });
});

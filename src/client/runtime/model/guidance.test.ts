import type { EntityDef, FormPageDef, WorkflowDef } from '../../../shared/schema/types.js';
import { guidance, isEmpty, missingItems, submitRequires } from './guidance.js';

const entity: EntityDef = {
  name: 'thing',
  label: '事项',
  access: { read: [], create: [], update: [], delete: [] },
  fields: {
    name: { type: 'string', label: '名称', maxLength: 10 },
    kind: { type: 'string', label: '类别', dict: 'kinds' },
    mobile: { type: 'string', label: '手机号', pattern: '^1\\d{10}$' },
    second: { type: 'string', label: '第二联系人' },
    secondMobile: { type: 'string', label: '第二联系人电话' },
    score: { type: 'integer', label: '分数', minimum: 0, maximum: 100 },
    report: { type: 'files', label: '报告' },
    code: { type: 'string', label: '编号', readOnly: true },
    note: { type: 'text', label: '备注' },
  },
} as unknown as EntityDef;

const workflow = {
  name: 'thing',
  field: 'status',
  initial: '0',
  statuses: [
    { code: '0', label: '草稿' },
    { code: '5', label: '退回' },
    { code: '2', label: '已提交' },
  ],
  transitions: [
    { action: 'submit', label: '提交', from: ['0'], to: '2', roles: ['4'], requires: ['name', 'report'] },
    { action: 'submit', label: '提交', from: ['5'], to: '2', roles: ['4'], requires: ['note'] },
  ],
} as unknown as WorkflowDef;

const page: FormPageDef = {
  kind: 'form',
  id: 'x/thing.form',
  entity: 'thing',
  title: '事项',
  submitAction: { action: 'submit', label: '提交' },
  steps: [
    {
      title: '基本信息',
      sections: [
        {
          fields: [{ field: 'name' }, { field: 'kind', required: true }, { field: 'code' }, { field: 'score' }],
        },
      ],
    },
    {
      title: '联系方式',
      sections: [
        {
          fields: [
            { field: 'mobile', required: true },
            { field: 'second' },
            { field: 'secondMobile', required: { var: 'form.second' } },
          ],
        },
        { visible: { var: 'record.id' }, fields: [{ field: 'note', required: true }] },
      ],
    },
    { title: '附件', sections: [{ fields: [{ field: 'report', widget: 'Upload' }] }] },
  ],
};

const run = (values: Record<string, unknown>, status?: string, record: Record<string, unknown> = {}) =>
  guidance({ page, entity, workflow, values, status, ctx: { record, form: values, user: null, query: {}, now: 0 } });

describe('guidance', () => {
  it('lists, per step, what the page requires and the submit transition requires', () => {
    const steps = run({});
    expect(steps.map((s) => s.title)).toEqual(['基本信息', '联系方式', '附件']);
    expect(steps[0].items).toEqual([
      { field: 'name', label: '名称', message: '请输入名称' },
      { field: 'kind', label: '类别', message: '请选择类别' },
    ]);
    expect(steps[1].items.map((i) => i.message)).toEqual(['请输入手机号']);
    expect(steps[2].items).toEqual([{ field: 'report', label: '报告', message: '请上传报告' }]);
  });

  it('drops an item once it is filled and reports a filled value that breaks the field rules', () => {
    const items = missingItems(
      run({ name: '一个太长太长太长太长的名称', kind: '1', mobile: '123', score: 120, report: [{ id: 'f' }] }),
    );
    expect(items.map((i) => i.message)).toEqual(['名称不能超过10个字符', '分数不能大于100', '手机号格式不正确']);
    expect(missingItems(run({ name: '名称', kind: '1', mobile: '13800000000', report: [{ id: 'f' }] }))).toEqual([]);
  });

  it('follows required rules over the form values and hidden sections', () => {
    const base = { name: '名称', kind: '1', mobile: '13800000000', report: [{ id: 'f' }] };
    expect(missingItems(run({ ...base, second: '李四' })).map((i) => i.field)).toEqual(['secondMobile']);
    // The note's section shows for a saved record, and the returned record's submit requires it.
    expect(missingItems(run({ ...base, name: '' }, '5', { id: 1 })).map((i) => i.field)).toEqual(['note']);
    expect(missingItems(run({ ...base, name: '' }, '0', { id: 1 })).map((i) => i.field)).toEqual(['name', 'note']);
  });

  it('asks for a field the entity requires while its requiredWhen holds on the record and the form values', () => {
    const sheetEntity = {
      ...entity,
      fields: { ...entity.fields, report: { ...entity.fields.report, requiredWhen: { var: 'record.asks' } } },
    } as EntityDef;
    const submitless = { ...page, submitAction: undefined };
    const missing = (values: Record<string, unknown>, record: Record<string, unknown> = {}) =>
      missingItems(
        guidance({ page: submitless, entity: sheetEntity, workflow, values, ctx: { record, form: values } }),
      ).map((i) => i.message);
    const base = { name: '名称', kind: '1', mobile: '13800000000' };
    expect(missing(base)).toEqual([]);
    expect(missing(base, { asks: true })).toEqual(['请上传报告']);
    expect(missing({ ...base, asks: true })).toEqual(['请上传报告']);
    expect(missing({ ...base, report: [{ id: 'f' }] }, { asks: true })).toEqual([]);
  });

  it('takes the transition that leaves the record status, the initial one for a new record', () => {
    expect([...submitRequires(page, workflow, undefined)]).toEqual(['name', 'report']);
    expect([...submitRequires(page, workflow, 5)]).toEqual(['note']);
    expect([...submitRequires(page, workflow, '2')]).toEqual([]);
    expect([...submitRequires({ ...page, submitAction: undefined }, workflow, '0')]).toEqual([]);
  });

  it('counts blank text and empty lists as empty, zero and false as filled', () => {
    expect([null, undefined, '', '  ', []].every(isEmpty)).toBe(true);
    expect([0, false, 'a', [1]].some(isEmpty)).toBe(false);
  });

  it('reads a form without steps as one step', () => {
    const flat: FormPageDef = { ...page, steps: undefined, sections: [{ fields: [{ field: 'name' }] }] };
    expect(guidance({ page: flat, entity, workflow, values: {}, ctx: { form: {} } })).toEqual([
      { title: null, items: [{ field: 'name', label: '名称', message: '请输入名称' }] },
    ]);
  });
});

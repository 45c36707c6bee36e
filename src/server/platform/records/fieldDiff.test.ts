import { describe, expect, it } from 'vitest';
import type { EntityDef, WorkflowDef } from '../../../shared/schema/types.js';
import { fieldDiff, type DictLabels } from './fieldDiff.js';

const entity: EntityDef = {
  name: 'sample',
  label: '样例',
  access: { read: [], create: [], update: [], delete: [] },
  fields: {
    status: { type: 'string', label: '状态', readOnly: true },
    name: { type: 'string', label: '名称' },
    subject: { type: 'string', label: '学科', dict: 'xkfl' },
    results: { type: 'string', label: '预期成果', dict: 'ycxg', multiple: true },
    idCard: { type: 'string', label: '身份证号', mask: 'idCard' },
    mobile: { type: 'string', label: '手机号', mask: 'phone' },
    doc: { type: 'files', label: '申报书' },
    body: { type: 'richtext', label: '正文' },
    members: { type: 'json', label: '成员' },
    open: { type: 'boolean', label: '公开' },
  },
};
const workflow = { field: 'status' } as WorkflowDef;
const labels: DictLabels = new Map([
  [
    'xkfl',
    new Map([
      ['01', '教育学'],
      ['02', '心理学'],
    ]),
  ],
  [
    'ycxg',
    new Map([
      ['1', '论文'],
      ['2', '专著'],
    ]),
  ],
]);

describe('fieldDiff', () => {
  it('lists only changed fields, with labels, dictionary texts, masks, file names and plain text', () => {
    const before = {
      status: '0',
      name: '旧名',
      subject: '01',
      results: ['1'],
      idCard: '130102199001011234',
      mobile: '13812345678',
      doc: [{ fileId: 1, fileName: '申报书.docx' }],
      body: '<p>旧</p>',
      members: [{ name: '张三', unit: '一中' }],
      open: false,
    };
    const after = {
      ...before,
      status: '2',
      name: '新名',
      subject: '02',
      results: ['1', '2'],
      idCard: '130102199001015678',
      mobile: '13900001111',
      doc: [{ fileId: 2, fileName: '申报书（修改）.docx' }],
      body: '<p>新的<b>正文</b></p>',
      members: [{ unit: '一中', name: '张三' }],
      open: true,
    };
    const diff = fieldDiff(entity, workflow, before, after, labels);
    expect(diff).toEqual([
      { field: 'name', label: '名称', from: '旧名', to: '新名' },
      { field: 'subject', label: '学科', from: '教育学', to: '心理学' },
      { field: 'results', label: '预期成果', from: '论文', to: '论文、专著' },
      { field: 'idCard', label: '身份证号', from: '1301**********1234', to: '1301**********5678' },
      { field: 'mobile', label: '手机号', from: '13*****5678', to: '13*****1111' },
      { field: 'doc', label: '申报书', from: '申报书.docx', to: '申报书（修改）.docx' },
      { field: 'body', label: '正文', from: '旧', to: '新的 正文' },
      { field: 'open', label: '公开', from: '否', to: '是' },
    ]);
    // Members only changed key order: not a change. Status is the log row's from → to, not a field change.
    expect(diff.some((c) => c.field === 'members' || c.field === 'status')).toBe(false);
  });

  it('treats empty values alike and lists every given field of a new record', () => {
    expect(fieldDiff(entity, workflow, { name: '', results: [] }, { name: null, results: null }, labels)).toEqual([]);
    const created = fieldDiff(
      entity,
      workflow,
      null,
      { name: '课题', members: [{ name: '李四', unit: '二中' }], doc: [] },
      labels,
    );
    expect(created).toEqual([
      { field: 'name', label: '名称', from: null, to: '课题' },
      { field: 'members', label: '成员', from: null, to: '李四，二中' },
    ]);
  });
});

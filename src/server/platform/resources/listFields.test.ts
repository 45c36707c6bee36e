import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EntityDef, ListPageDef, WorkflowDef } from '../../../shared/schema/types.js';
import { loadSchemas } from '../schemas/loadSchemas.js';
import { listFields, withReadNeeds } from './listFields.js';

const entity: EntityDef = {
  name: 'probe',
  label: '探针',
  titleField: 'title',
  fields: {
    title: { type: 'string', label: '标题' },
    shown: { type: 'string', label: '列' },
    idCard: { type: 'string', label: '身份证号' },
    linked: { type: 'string', label: '链接值' },
    fileNo: { type: 'string', label: '下载值' },
    flag: { type: 'string', label: '行规则' },
    formFlag: { type: 'string', label: '表单规则' },
    readGate: { type: 'string', label: '读取规则' },
    guard: { type: 'string', label: '流转规则' },
    gate: { type: 'string', label: '守卫规则' },
    toolbarOnly: { type: 'string', label: '工具栏' },
    body: { type: 'richtext', label: '正文' },
  },
  access: {
    read: [{ roles: ['2'], scope: 'all', when: { '==': [{ var: 'record.readGate' }, '1'] } }],
    create: [],
    update: [],
    delete: [],
  },
};

const workflow = {
  name: 'probe',
  field: 'status',
  initial: '0',
  statuses: [{ code: '0', label: '草稿' }],
  transitions: [
    { action: 'go', label: '走', from: ['0'], to: '0', roles: ['2'], when: { '!!': [{ var: 'record.guard' }] } },
  ],
  guards: { go: { message: '不行', rule: { '==': [{ var: 'record.gate' }, '1'] } } },
} as unknown as WorkflowDef;

const page: ListPageDef = {
  kind: 'list',
  id: 'probe/list',
  entity: 'probe',
  title: '列表',
  columns: [{ field: 'shown' }, { field: 'status' }, { field: 'title', render: 'link', to: '/look?id=:id&v=:linked' }],
  rowActions: [
    { type: 'download', label: '下载', url: 'probe/file?no=:fileNo' },
    { type: 'link', label: '看', to: 'https://example.org/x?id=:id', visible: { '==': [{ var: 'record.flag' }, '1'] } },
    { type: 'delete', visible: { '==': [{ var: 'form.formFlag' }, '1'] } },
  ],
  toolbar: [{ type: 'link', label: '新建', to: '/add?from=:toolbarOnly' }],
};

describe('listFields', () => {
  it('keeps what the page reads and the rules test, and nothing else', () => {
    expect(listFields(entity, page, workflow)).toEqual([
      'title',
      'shown',
      'linked',
      'fileNo',
      'flag',
      'formFlag',
      'readGate',
      'guard',
      'gate',
    ]);
  });

  it('keeps one array per page, so the store and the answer shape key on it', () => {
    expect(listFields(entity, page, workflow)).toBe(listFields(entity, page, workflow));
    const visible = new Set(['id', 'title', 'shown']);
    const open = listFields(entity, page, null, visible);
    expect(open).toEqual(['title', 'shown']);
    expect(listFields(entity, page, null, visible)).toBe(open);
  });

  it('reads the holder of a listed masked field, so that person reads it whole (fieldMasks)', () => {
    const masked: EntityDef = {
      ...entity,
      fields: {
        ...entity.fields,
        holderId: { type: 'integer', label: '本人' },
        shown: { type: 'string', label: '列', mask: 'phone', unmaskFor: { holder: 'holderId' } },
      },
    };
    expect(listFields(masked, page, workflow)).toContain('holderId');
    expect(listFields(entity, page, workflow)).not.toContain('holderId');
  });

  it('gives every field to a list asked without a page', () => {
    expect(listFields(entity, undefined, workflow)).toEqual(Object.keys(entity.fields));
  });

  it('leaves the personal fields nobody shows out of the topic list', () => {
    const set = loadSchemas(path.resolve('schemas'));
    const topic = set.entities.get('topic')!;
    const fields = listFields(topic, set.pages.get('topics/topic.list'), set.workflows.get('topic')!);
    expect(fields).toEqual(expect.arrayContaining(['name', 'topicNo', 'leader', 'unit', 'year', 'stage']));
    expect(fields).not.toContain('leaderIdCard');
    expect(fields).not.toContain('leaderMobile');
    expect(fields.length).toBeLessThan(Object.keys(topic.fields).length / 2);
  });

  it('adds the fields read hooks need, one array per pair, the page fields alone when they hold them', () => {
    const fields = ['title', 'shown'];
    const needs = ['targetId'];
    const out = withReadNeeds(fields, needs);
    expect(out).toEqual(['title', 'shown', 'targetId']);
    expect(withReadNeeds(fields, needs)).toBe(out);
    expect(withReadNeeds(fields, ['title'])).toBe(fields);
    expect(withReadNeeds(fields, [])).toBe(fields);
  });
});

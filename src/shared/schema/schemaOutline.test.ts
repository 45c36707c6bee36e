import { describe, expect, it } from 'vitest';
import { outlineDiff, schemaOutline } from './schemaOutline.js';
import type { EntityDef } from './types.js';

const entity = {
  name: 'sample',
  label: '样例',
  access: { read: [], create: [], update: [], delete: [] },
  fields: {
    name: { type: 'string', label: '名称', required: true },
    kind: { type: 'string', label: '类别', dict: 'lb' },
  },
} as unknown as EntityDef;

const form = {
  kind: 'form',
  id: 'sample.form',
  title: '样例表单',
  entity: 'sample',
  steps: [
    {
      title: '基本信息',
      sections: [
        {
          title: '概况',
          fields: [{ field: 'name' }, { field: 'kind', widget: 'Select', visible: { var: 'record.id' } }],
        },
      ],
    },
  ],
};

describe('outline of a page schema', () => {
  it('lists steps, sections and fields with labels from the entity, widget, required and conditions', () => {
    expect(schemaOutline(form, entity)).toEqual([
      '样例表单（form）',
      '  步骤 基本信息',
      '    分组 概况',
      '      名称（name） [string] 必填',
      '      类别（kind） [Select] 显示条件 {"var":"record.id"}',
    ]);
  });

  it("lists a list page's filters, columns and actions", () => {
    const list = {
      kind: 'list',
      title: '样例列表',
      filters: [{ field: 'name', label: '名称关键字' }],
      columns: [{ field: 'kind' }],
      rowActions: [{ type: 'link', label: '编辑', to: '/edit?id=:id', visible: { var: 'record._perm.update' } }],
    };
    expect(schemaOutline(list, entity)).toEqual([
      '样例列表（list）',
      '  筛选',
      '    名称关键字（name） [string] 必填',
      '  列',
      '    类别（kind） [string]',
      '  行操作',
      '    编辑（link → /edit?id=:id） 显示条件 {"var":"record._perm.update"}',
    ]);
  });

  it('shows a change as the lines added and removed', () => {
    const changed = structuredClone(form);
    changed.steps[0].sections[0].fields.splice(0, 1);
    changed.steps[0].sections[0].fields.push({ field: 'memo', label: '备注' } as never);
    const diff = outlineDiff(schemaOutline(form, entity), schemaOutline(changed, entity));
    expect(diff.filter((l) => l.kind !== 'same')).toEqual([
      { kind: 'removed', text: '      名称（name） [string] 必填' },
      { kind: 'added', text: '      备注（memo）' },
    ]);
    expect(diff.filter((l) => l.kind === 'same')).toHaveLength(4);
  });
});

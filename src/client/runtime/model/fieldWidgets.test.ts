import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../../../shared/schema/types.js';
import { defaultWidget } from './fieldWidgets.js';

describe('defaultWidget', () => {
  const rows = {
    type: 'json',
    label: '课题名单',
    rows: { fields: { name: { type: 'string', label: '课题名称' } } },
  } as FieldDef;

  it('draws a json field with rows as a table in every form mode, so a row never reaches a text box', () => {
    for (const mode of ['add', 'edit', 'look'] as const) expect(defaultWidget(rows, mode)).toBe('ArrayTable');
    expect(defaultWidget(rows, 'filter')).toBe('TextArea');
  });

  it('keeps free-form json as text', () => {
    expect(defaultWidget({ type: 'json', label: '配置' } as FieldDef, 'look')).toBe('TextArea');
  });
});

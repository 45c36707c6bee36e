import { describe, expect, it } from 'vitest';
import { descriptionAt, propertiesAt, schemasAt, valuesAt, type JsonSchema } from './metaSchemaAt.js';

const meta: JsonSchema = {
  type: 'object',
  required: ['kind'],
  properties: {
    kind: { const: 'form', description: '页面类型' },
    fields: { type: 'array', items: { $ref: '#/$defs/field' } },
    options: { $ref: '#/$defs/options' },
  },
  $defs: {
    field: {
      type: 'object',
      properties: { name: { type: 'string', description: '字段名' }, widget: { $ref: '#/$defs/widget' } },
      oneOf: [{ properties: { span: { type: 'integer' } } }, { properties: { hidden: { type: 'boolean' } } }],
    },
    widget: { type: 'string', enum: ['Input', 'Select'], description: '控件' },
    options: { type: 'object', additionalProperties: { type: 'string', description: '任意键' } },
  },
} as JsonSchema;

describe('what a meta-schema allows at a place', () => {
  it('offers the keys of an object, following references and every alternative', () => {
    expect(propertiesAt(meta, []).map((p) => [p.name, p.required])).toEqual([
      ['kind', true],
      ['fields', false],
      ['options', false],
    ]);
    expect(propertiesAt(meta, ['fields', 3]).map((p) => p.name)).toEqual(['name', 'widget', 'span', 'hidden']);
    expect(propertiesAt(meta, ['fields', 0]).find((p) => p.name === 'widget')).toMatchObject({
      type: 'string',
      description: '控件',
    });
  });

  it('offers the values a key may take', () => {
    expect(valuesAt(meta, ['kind'])).toEqual(['form']);
    expect(valuesAt(meta, ['fields', 0, 'widget'])).toEqual(['Input', 'Select']);
    expect(valuesAt(meta, ['fields', 0, 'hidden'])).toEqual([true, false]);
    expect(valuesAt(meta, ['fields', 0, 'name'])).toEqual([]);
  });

  it('describes a value, also under any key of a map, and nothing where the schema says nothing', () => {
    expect(descriptionAt(meta, ['fields', 1, 'name'])).toBe('字段名');
    expect(descriptionAt(meta, ['options', 'anything'])).toBe('任意键');
    expect(schemasAt(meta, ['nowhere', 'deeper'])).toEqual([]);
  });
});

// @vitest-environment jsdom
import { CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { json } from '@codemirror/lang-json';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../../../shared/schema/metaSchemaAt.js';
import { placeAt } from './jsonPlace.js';
import { metaCompletion } from './metaAssist.js';

const meta: JsonSchema = {
  type: 'object',
  required: ['kind'],
  properties: {
    kind: { const: 'form', description: '页面类型' },
    title: { type: 'string' },
    fields: { type: 'array', items: { $ref: '#/$defs/field' } },
  },
  $defs: {
    field: {
      type: 'object',
      properties: { field: { type: 'string' }, widget: { enum: ['Input', 'Select'] }, hidden: { type: 'boolean' } },
    },
  },
} as JsonSchema;

/** The text with `|` marking the cursor, as an editor state. */
function at(marked: string) {
  const pos = marked.indexOf('|');
  const state = EditorState.create({ doc: marked.replace('|', ''), extensions: [json()] });
  return { state, pos };
}

function complete(marked: string, explicit = false): CompletionResult | null {
  const { state, pos } = at(marked);
  return metaCompletion(() => meta)(new CompletionContext(state, pos, explicit)) as CompletionResult | null;
}

describe('where the cursor is in a schema file', () => {
  it('tells a key from a value and an array item, with the path around it', () => {
    const { state, pos } = at('{ "kind": "form", "fields": [ { "field": "name", "wid| } ] }');
    expect(placeAt(state, pos)).toMatchObject({ container: ['fields', 0], kind: 'key', existing: ['field'] });
    const value = at('{ "fields": [ {}, { "widget": "S|" } ] }');
    expect(placeAt(value.state, value.pos)).toMatchObject({ container: ['fields', 1], kind: 'value', key: 'widget' });
    const item = at('{ "fields": [ {}, | ] }');
    expect(placeAt(item.state, item.pos)).toMatchObject({ container: ['fields'], kind: 'item', key: 1 });
  });
});

describe('completion from the meta-schema', () => {
  it('offers the keys the object does not have yet, required first, written as "key": ', () => {
    const got = complete('{ "title": "x", "|" }');
    const labels = got!.options.map((o) => o.label);
    expect(labels).toEqual(['kind', 'fields']);
    expect(got!.options[0]).toMatchObject({ apply: '"kind": ', detail: '必填', info: '页面类型' });
  });

  it('offers the values a key may take, and keys of array items by their schema', () => {
    expect(complete('{ "fields": [ { "widget": "|" } ] }')!.options.map((o) => o.label)).toEqual([
      '"Input"',
      '"Select"',
    ]);
    expect(complete('{ "fields": [ { "hidden": t| } ] }')!.options.map((o) => o.label)).toEqual(['true', 'false']);
    expect(complete('{ "fields": [ { | } ] }', true)!.options.map((o) => o.label)).toEqual([
      'field',
      'widget',
      'hidden',
    ]);
  });

  it('stays quiet where nothing is being typed unless asked, and where the schema says nothing', () => {
    expect(complete('{ "title": "x", | }')).toBeNull();
    expect(complete('{ "title": "|" }')).toBeNull();
  });
});

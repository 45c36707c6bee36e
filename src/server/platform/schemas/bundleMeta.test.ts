import { describe, expect, it } from 'vitest';
import { propertiesAt, valuesAt, type JsonSchema } from '../../../shared/schema/metaSchemaAt.js';
import { WIDGET_NAMES } from '../../../shared/schema/widgetNames.js';
import { bundledMetaSchema, metaFileOf } from './bundleMeta.js';
import { BUNDLED_META, META_FILES } from './metaValidation.js';

function refs(doc: unknown, out: string[] = []): string[] {
  if (Array.isArray(doc)) doc.forEach((d) => refs(d, out));
  else if (doc && typeof doc === 'object')
    for (const [k, v] of Object.entries(doc)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refs(v, out);
    }
  return out;
}

function resolves(root: unknown, ref: string): boolean {
  let at: unknown = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!at || typeof at !== 'object' || !(key in at)) return false;
    at = (at as Record<string, unknown>)[key];
  }
  return true;
}

describe('a meta-schema bundled for the editor', () => {
  it.each(Object.values(META_FILES))('%s: every reference is a local pointer that resolves', (file) => {
    const doc = bundledMetaSchema(BUNDLED_META, file);
    for (const ref of refs(doc)) {
      expect(ref.startsWith('#'), ref).toBe(true);
      expect(resolves(doc, ref), ref).toBe(true);
    }
  });

  it('answers the keys of a form page and, through common.schema.json, the widget names', () => {
    const form = bundledMetaSchema(BUNDLED_META, META_FILES.form) as JsonSchema;
    expect(propertiesAt(form, []).map((p) => p.name)).toEqual(expect.arrayContaining(['kind', 'entity']));
    expect(valuesAt(form, ['kind'])).toEqual(['form']);
    expect(valuesAt(form, ['sections', 0, 'fields', 2, 'widget'])).toEqual([...WIDGET_NAMES]);
    const entity = bundledMetaSchema(BUNDLED_META, META_FILES.entity) as JsonSchema;
    expect(propertiesAt(entity, ['fields', 'anyField']).map((p) => p.name)).toEqual(
      expect.arrayContaining(['type', 'label', 'dict']),
    );
  });

  it('picks the meta-schema of a file by its folder, or a page by its kind', () => {
    expect(metaFileOf('entities/topic', {})).toBe('entity.schema.json');
    expect(metaFileOf('pages/topics/topic.application', { kind: 'form' })).toBe('form-page.schema.json');
    expect(metaFileOf('pages/x', { kind: 'nonsense' })).toBeUndefined();
    expect(metaFileOf('routes', {})).toBe('routes.schema.json');
    expect(metaFileOf('settings', {})).toBe('settings.schema.json');
    expect(metaFileOf('unknown', {})).toBeUndefined();
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { PAGE_KIND_META, PAGE_KINDS, type PageKind } from '../../../shared/schema/pageKindNames.js';
import type { PageDef } from '../../../shared/schema/types.js';
import { WIDGET_NAMES } from '../../../shared/schema/widgetNames.js';
import { PAGE_KIND_CHECKS } from '../../../server/platform/schemas/pageKinds/index.js';
import { kindFolders, widgetFolders } from '../../../../scripts/schemaGenerate.js';
import { pageKinds } from './index.js';
// The kinds the client modules register too, as main.tsx has them.
import '../../modules/index.js';

const meta = (file: string) => JSON.parse(fs.readFileSync(path.join('schemas/meta', file), 'utf8'));
const generated = (kind: string) => fs.readFileSync(`src/shared/schema/generated/${kind}Page.ts`, 'utf8');

/**
 * A page kind is its folder (pages/<kind>/: component, page.schema.json, kind.json) and a widget its
 * folder (widgets/<Name>/); npm run schemas:generate writes the lists, meta-schemas and types from
 * them (scripts/schemaGenerate.test.ts fails while they are stale). Each place must name the same ones.
 */
describe('page kinds and widgets: registries, meta-schemas and types agree', () => {
  it('the kinds are the kind folders, the widget names the widget folders', () => {
    expect(kindFolders().map((k) => k.kind)).toEqual([...PAGE_KINDS].sort());
    expect(widgetFolders()).toEqual([...WIDGET_NAMES].sort());
  });

  it('the runtime registers exactly the kinds that have a meta-schema', () => {
    expect(pageKinds()).toEqual([...PAGE_KINDS].sort());
  });

  it('the server has a check for every kind, and none for a kind without a meta-schema', () => {
    expect(Object.keys(PAGE_KIND_CHECKS).sort()).toEqual([...PAGE_KINDS].sort());
  });

  it.each(PAGE_KINDS)('%s: its meta-schema declares the kind and its generated type carries it', (kind) => {
    expect(meta(PAGE_KIND_META[kind]).properties.kind.const).toBe(kind);
    const type = `${kind[0]!.toUpperCase()}${kind.slice(1)}PageDef`;
    expect(generated(kind)).toContain(`export interface ${type} {`);
    expect(generated(kind)).toContain(`kind: '${kind}';`);
  });

  it('no meta-schema of a page kind is left out of the list', () => {
    const files = fs.readdirSync('schemas/meta').filter((f) => f.endsWith('-page.schema.json'));
    expect(files.sort()).toEqual(Object.values(PAGE_KIND_META).sort());
  });

  it('the page union of the types is the list of kinds', () => {
    expectTypeOf<PageDef['kind']>().toEqualTypeOf<PageKind>();
  });

  it('the widget names are the meta-schema enum', () => {
    expect([...WIDGET_NAMES]).toEqual(meta('common.schema.json').$defs.widget.enum);
  });
});

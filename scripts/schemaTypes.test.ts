import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TRAITS } from './schemaGenerate.js';
import { generateSchemaTypes, META_DIR, OUT_DIR } from './schemaTypes.js';

describe('npm run schemas:types', () => {
  it('the checked-in types are what the meta-schemas generate (run npm run schemas:types after a meta-schema edit)', async () => {
    const files = await generateSchemaTypes();
    // The page kinds' traits share the folder; schemas:generate writes them (its own test checks them).
    const traits = path.basename(TRAITS);
    expect(fs.readdirSync(OUT_DIR).sort()).toEqual([...files.keys(), traits].sort());
    for (const [name, text] of files) expect(fs.readFileSync(path.join(OUT_DIR, name), 'utf8'), name).toBe(text);
  });

  it('a key added to a meta-schema changes the generated type', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schema-types-'));
    try {
      fs.cpSync(META_DIR, dir, { recursive: true });
      const file = path.join(dir, 'lookup-page.schema.json');
      const meta = JSON.parse(fs.readFileSync(file, 'utf8'));
      meta.properties.footnote = { type: 'string', description: 'Text under the answer.' };
      fs.writeFileSync(file, JSON.stringify(meta));
      const lookup = (await generateSchemaTypes(dir)).get('lookupPage.ts')!;
      expect(lookup).toContain('footnote?: string;');
      expect(fs.readFileSync(path.join(OUT_DIR, 'lookupPage.ts'), 'utf8')).not.toContain('footnote');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('entities, their fields, actions, routes and the other documents are typed from their meta-schemas too', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schema-types-'));
    try {
      fs.cpSync(META_DIR, dir, { recursive: true });
      const entityFile = path.join(dir, 'entity.schema.json');
      const entity = JSON.parse(fs.readFileSync(entityFile, 'utf8'));
      entity.$defs.field.properties.placeholder = { type: 'string', description: 'Hint inside the input.' };
      entity.$defs.accessRule.properties.scope.enum.push('school');
      fs.writeFileSync(entityFile, JSON.stringify(entity));
      const routesFile = path.join(dir, 'routes.schema.json');
      const routes = JSON.parse(fs.readFileSync(routesFile, 'utf8'));
      routes.$defs.route.properties.icon = { type: 'string', description: 'Menu icon.' };
      fs.writeFileSync(routesFile, JSON.stringify(routes));
      const files = await generateSchemaTypes(dir);
      expect(files.get('field.ts')).toContain('placeholder?: string;');
      expect(files.get('entity.ts')).toContain("scope: 'all' | 'city' | 'own' | 'none' | 'school';");
      expect(files.get('entity.ts')).toContain("import type { FieldDef } from './field.js';");
      expect(files.get('routes.ts')).toMatch(/export interface RouteDef \{[^]*icon\?: string;/);
      expect(files.get('action.ts')).toContain("type: 'download';");
      for (const [file, type] of [
        ['settings.ts', 'CountSourceDef'],
        ['subSystems.ts', 'SubSystemDef'],
        ['changeKinds.ts', 'ChangeKindDef'],
        ['reviewTargets.ts', 'ReviewTargetDef'],
      ])
        expect(files.get(file), file).toContain(`export interface ${type} {`);
      expect(files.get('action.ts')).toContain('value: string | number | Rule | (string | number | Rule | null)[];');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

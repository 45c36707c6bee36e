import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CHECKS,
  checkFile,
  generateSchemaFiles,
  kindFolders,
  META,
  staleFiles,
  TRAITS,
  TYPES,
  widgetFolders,
} from './schemaGenerate.js';

describe('npm run schemas:generate', () => {
  it('the checked-in meta-schemas, widget enum, check list and types are what the folders generate (run npm run schemas:generate)', async () => {
    const files = await generateSchemaFiles();
    for (const [name, text] of files) expect(fs.existsSync(name) && fs.readFileSync(name, 'utf8'), name).toBe(text);
    expect(staleFiles(files)).toEqual([]);
  });

  it('finds the kinds and widgets of the runtime and of the client modules', () => {
    const kinds = kindFolders();
    expect(kinds.find((k) => k.kind === 'list')).toMatchObject({
      dir: 'src/client/runtime/pages/list',
      check: true,
      entity: true,
    });
    expect(kinds.find((k) => k.kind === 'lookup')).toMatchObject({
      check: false,
      entity: false,
      access: { public: true },
    });
    expect(kinds.find((k) => k.kind === 'studio')).toMatchObject({ entity: false, access: { roles: ['1', '6'] } });
    expect(kinds.find((k) => k.kind === 'ranking')?.dir).toBe('src/client/modules/review/pages/ranking');
    expect(widgetFolders()).toEqual(expect.arrayContaining(['Input', 'RichText', 'ScoreSheet']));
  });

  describe('in a copy of the project', () => {
    const copy = () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'schema-generate-'));
      for (const dir of [
        META,
        'src/client/runtime/pages/lookup',
        'src/client/runtime/widgets/Input',
        'src/client/modules',
      ])
        fs.cpSync(dir, path.join(root, dir), { recursive: true });
      return root;
    };

    it('a page kind is one folder: its meta-schema, kind name, type and check follow from it', async () => {
      const root = copy();
      try {
        const dir = path.join(root, 'src/client/runtime/pages/poster');
        fs.mkdirSync(dir);
        const meta = fs.readFileSync('src/client/runtime/pages/lookup/page.schema.json', 'utf8');
        fs.writeFileSync(path.join(dir, 'page.schema.json'), meta.replace('"const": "lookup"', '"const": "poster"'));
        fs.mkdirSync(path.join(root, path.dirname(checkFile('poster'))), { recursive: true });
        fs.writeFileSync(path.join(root, checkFile('poster')), 'export const check = () => undefined;\n');
        const files = await generateSchemaFiles(root);
        expect(files.get(`${META}/poster-page.schema.json`)).toContain('"const": "poster"');
        expect(files.get(`${META}/poster-page.schema.json`)).toContain(
          'src/client/runtime/pages/poster/page.schema.json',
        );
        expect(files.get(`${TYPES}/posterPage.ts`)).toContain('export interface PosterPageDef {');
        expect(files.get(`${TYPES}/pageKinds.ts`)).toContain("poster: 'poster-page.schema.json',");
        expect(files.get(CHECKS)).toContain("import { check as poster } from './poster.js';");
        expect(files.get(CHECKS)).toContain('lookup: metaOnly,');
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    });

    it('a page kind without an entity is one folder: who opens it follows from its kind.json', async () => {
      const root = copy();
      try {
        const dir = path.join(root, 'src/client/runtime/pages/poster');
        fs.mkdirSync(dir);
        const meta = fs.readFileSync('src/client/runtime/pages/lookup/page.schema.json', 'utf8');
        fs.writeFileSync(path.join(dir, 'page.schema.json'), meta.replace('"const": "lookup"', '"const": "poster"'));
        fs.writeFileSync(path.join(dir, 'kind.json'), '{ "roles": ["2"] }\n');
        fs.writeFileSync(path.join(dir, 'PosterPage.tsx'), 'export const PosterPage = () => null;\n');
        const files = await generateSchemaFiles(root);
        expect(files.get(TRAITS)).toContain("poster: { entity: false, public: false, roles: ['2'] },");
        expect(files.get(TRAITS)).toContain('lookup: { entity: false, public: true },');
        expect(files.get(CHECKS)).toContain('poster: metaOnly,');
        expect(files.get(`${TYPES}/pageKinds.ts`)).toContain("poster: 'poster-page.schema.json',");
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    });

    it("refuses a kind.json on a kind whose pages name an entity, and a client folder's check.ts", async () => {
      const root = copy();
      try {
        const dir = path.join(root, 'src/client/runtime/pages/lookup');
        const meta = path.join(dir, 'page.schema.json');
        fs.writeFileSync(
          meta,
          fs.readFileSync(meta, 'utf8').replace('"required": ["$schema"', '"required": ["entity", "$schema"'),
        );
        await expect(generateSchemaFiles(root)).rejects.toThrow(/name an entity, whose access decides/);
        fs.rmSync(path.join(dir, 'kind.json'));
        fs.writeFileSync(path.join(dir, 'check.ts'), 'export const check = () => undefined;\n');
        await expect(generateSchemaFiles(root)).rejects.toThrow(/the server imports no client code/);
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    });

    it('a widget is one folder: the meta-schema enum and the widget names follow from it', async () => {
      const root = copy();
      try {
        const dir = path.join(root, 'src/client/runtime/widgets/Stars');
        fs.mkdirSync(dir);
        fs.writeFileSync(path.join(dir, 'Stars.tsx'), 'export const Stars = () => null;\n');
        const files = await generateSchemaFiles(root);
        const common = JSON.parse(files.get(`${META}/common.schema.json`)!);
        expect(common.$defs.widget.enum).toEqual([
          'Input',
          'ReviewDiscussion',
          'ScoreSheet',
          'SimilarityReport',
          'Stars',
        ]);
        expect(files.get(`${TYPES}/widgetNames.ts`)).toContain("'Stars'");
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    });

    it('refuses a kind folder whose meta-schema declares another kind', async () => {
      const root = copy();
      try {
        const file = path.join(root, 'src/client/runtime/pages/lookup/page.schema.json');
        fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"const": "lookup"', '"const": "other"'));
        await expect(generateSchemaFiles(root)).rejects.toThrow(/must be "lookup", its folder/);
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    });
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { documentTestFiles, freshModuleFiles } from './freshModuleFiles.js';

let root = '';
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

function write(rel: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
}

describe('freshModuleFiles', () => {
  it('lists the files that replace a module or are marked, in nested folders, and no others', () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'mocking-'));
    write('src/a/replaces.test.tsx', "vi.mock('../api/http.js', () => ({}));");
    write('src/a/b/later.test.ts', "const m = await vi.doMock('./x.js');");
    write('src/a/firstLoad.test.tsx', '// @vitest-environment jsdom\n// @fresh-modules: the chunk loads here first\n');
    write('src/a/mentions.test.ts', "const note = '// @fresh-modules';");
    write('src/a/wipes.test.tsx', 'afterEach(() => document.body.replaceChildren());');
    write('src/a/empties.test.ts', "document.head.innerHTML = '';");
    write('src/a/keepsAside.test.ts', "keepBodyAside();\nafterEach(() => { document.body.innerHTML = ''; });");
    write('src/a/headToo.test.ts', 'keepBodyAside();\ndocument.head.replaceChildren();');
    write('src/a/reads.test.ts', "expect(document.body.innerHTML === '').toBe(true);");
    write('src/a/spies.test.ts', "vi.spyOn(console, 'error'); vi.fn();");
    write('src/a/helper.ts', "vi.mock('./x.js');");
    write('other/replaces.test.ts', "vi.mock('./x.js');");
    expect(freshModuleFiles(root, ['src', 'missing'])).toEqual([
      'src/a/b/later.test.ts',
      'src/a/empties.test.ts',
      'src/a/firstLoad.test.tsx',
      'src/a/headToo.test.ts',
      'src/a/replaces.test.tsx',
      'src/a/wipes.test.tsx',
    ]);
  });

  it('lists the files that ask for a document, however the comment is written, and no others', () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'documents-'));
    write('src/a/line.test.tsx', '// @vitest-environment jsdom\nimport x from "./x";');
    write('src/a/block.test.ts', '/**\n * @vitest-environment jsdom\n */\n');
    write('src/a/plain.test.ts', "import { describe } from 'vitest';");
    write('src/a/other.test.ts', '// @vitest-environment node\n');
    write('src/a/quoted.test.ts', "write('x.test.tsx', '// @vitest-environment jsdom');");
    expect(documentTestFiles(root, ['src'])).toEqual(['src/a/block.test.ts', 'src/a/line.test.tsx']);
  });
});

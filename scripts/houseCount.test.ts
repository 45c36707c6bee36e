import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countHouse, HELD, report, roomOf, upwardArrows } from './houseCount.js';

describe('npm run house:count', () => {
  it('the figures held at their goal are there (the command exits 0)', () => {
    const figures = countHouse();
    for (const f of figures.filter((x) => HELD.has(x.name)))
      expect(f.items.length, f.items.join('\n')).toBeLessThanOrEqual(f.goal);
    expect(report(figures, false).failed).toBe(false);
  });

  it('rooms are the files and folders under src/server and under src/server/platform', () => {
    expect(roomOf('src/server/app.ts')).toBe('src/server/app.ts');
    expect(roomOf('src/server/modules/review/ranking.ts')).toBe('src/server/modules');
    expect(roomOf('src/server/platform/files/storage/x.ts')).toBe('src/server/platform/files');
    expect(roomOf('src/server/platform/AppContext.ts')).toBe('src/server/platform/AppContext.ts');
  });

  it('of two rooms importing each other, the lighter arrow runs back up', () => {
    const arrows = new Map([
      ['a', new Map([['b', 3]])],
      [
        'b',
        new Map([
          ['a', 1],
          ['c', 1],
        ]),
      ],
    ]);
    expect(upwardArrows(arrows)).toEqual([['b', 'a']]);
    expect(upwardArrows(new Map([['a', new Map([['b', 1]])]]))).toEqual([]);
  });

  describe('in a scratch tree', () => {
    const tree = (files: Record<string, string>) => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'house-count-'));
      for (const [f, text] of Object.entries(files)) {
        fs.mkdirSync(path.join(root, path.dirname(f)), { recursive: true });
        fs.writeFileSync(path.join(root, f), text);
      }
      return root;
    };

    it('counts a loop between rooms, a circle of files, a server import of the client and a large component', () => {
      const root = tree({
        'src/server/platform/a/one.ts': "import { two } from '../b/two.js';\nexport const one = two;\n",
        'src/server/platform/b/two.ts': "import type { one } from '../a/one.js';\nexport const two = 2;\n",
        'src/server/platform/b/three.ts': "export { page } from '../../../client/page.js';\n",
        'src/client/page.tsx': "import('./other.js');\nexport const page = 1;\n" + '\n'.repeat(260),
        'src/client/other.ts': "import { page } from './page.js';\nexport const other = page;\n",
        'src/client/page.test.tsx': "import { other } from './other.js';\n",
        'src/server/platform/c/one.ts': `let a: ${'Kysely'}<any>;\nlet b: ${'Kysely'}<any>;\n`,
      });
      try {
        const figures = countHouse(root);
        const at = (name: string) => figures.find((f) => f.name === name)!;
        expect(at('upward imports in src/server').value).toBe(1);
        expect(at('server circles').items).toEqual(['src/server/platform/a/one.ts src/server/platform/b/two.ts']);
        expect(at('server files importing src/client').items).toEqual([
          'src/server/platform/b/three.ts -> src/client/page.tsx',
        ]);
        expect(at('client circles').value).toBe(1);
        expect(at('client components over 250 lines').items).toEqual(['src/client/page.tsx 262']);
        expect(at(['Kysely', '<any>'].join('')).items).toEqual([
          'src/server/platform/c/one.ts:1',
          'src/server/platform/c/one.ts:2',
        ]);
        expect(report(figures, false).failed).toBe(true);
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    });
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { environmentOf, heavyFirst, type SpecLike } from './heavyFirstSequencer.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sequence-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function spec(name: string, project: string, text: string, environment?: string): SpecLike {
  const moduleId = path.join(dir, name);
  fs.writeFileSync(moduleId, text);
  return { moduleId, project: { name: project, config: { environment } } };
}
const DOM = '// @vitest-environment jsdom\n';
const names = (files: SpecLike[]) => files.map((f) => path.basename(f.moduleId));

describe('heavyFirst', () => {
  it('reads the environment from the comment, else from the project', () => {
    expect(environmentOf(spec('a.test.tsx', 'client', DOM))).toBe('jsdom');
    expect(environmentOf(spec('b.test.ts', 'client', 'it("x")'))).toBe('node');
    expect(environmentOf(spec('c.test.ts', 'client', '', 'happy-dom'))).toBe('happy-dom');
  });

  it('keeps each project and environment together, the slowest group and file first', () => {
    const files = [
      spec('n1.test.ts', 'client', ''),
      spec('d1.test.tsx', 'client', DOM),
      spec('s1.test.ts', 'node', ''),
      spec('n2.test.ts', 'client', ''),
      spec('d2.test.tsx', 'client', DOM),
      spec('heavyDom.test.tsx', 'client', DOM),
      spec('heavyServer.test.ts', 'node', ''),
    ];
    const slowest = ['heavyServer.test.ts', 'heavyDom.test.tsx'];
    expect(names(heavyFirst(files, slowest))).toEqual([
      'heavyServer.test.ts',
      's1.test.ts',
      'heavyDom.test.tsx',
      'd1.test.tsx',
      'd2.test.tsx',
      'n1.test.ts',
      'n2.test.ts',
    ]);
  });
});

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSchemas } from './loadSchemas.js';
import { checkSchemas } from './checkSchemas.js';
import { schemaMutations, type SchemaMutation } from './schemaMutations.js';

/**
 * Mistakes generated from the real schemas (schemaMutations.ts): every one must be reported by
 * checkSchemas with its file and the JSON path of the mistake (or of a place within it, or the
 * object holding it).
 */
const base = loadSchemas(path.resolve('schemas'));
const mutations = schemaMutations(base, 2);

function caught(m: SchemaMutation): { ok: boolean; got: string[] } {
  const set = structuredClone(base);
  m.apply(set);
  const file = path.relative(process.cwd(), set.files.get(m.key)!);
  const problems = checkSchemas(set);
  const depth = m.pointer.split('/').length;
  const ok = problems.some(
    (p) =>
      p.file === file &&
      (p.path === m.pointer ||
        p.path.startsWith(`${m.pointer}/`) ||
        (m.pointer.startsWith(`${p.path}/`) && p.path.split('/').length === depth - 1)),
  );
  return { ok, got: problems.slice(0, 3).map((p) => `${p.file} ${p.path}: ${p.message}`) };
}

describe('schemas:check on generated mistakes', () => {
  it('starts from schemas with nothing to report', () => {
    expect(checkSchemas(base)).toEqual([]);
  });

  it('generates every kind of mistake from the real schemas', () => {
    const kinds = new Set(mutations.map((m) => m.kind));
    expect([...kinds].sort()).toEqual([
      'broken pattern',
      'broken rule',
      'minLength above maxLength',
      'minimum above maximum',
      'negative number',
      'renamed dictionary',
      'renamed entity',
      'renamed field',
      'renamed field in a link template',
      'renamed field in a rule',
      'renamed page',
      'renamed role',
      'renamed route',
      'renamed status',
      'renamed transition',
      'renamed widget',
      'renamed workflow',
      'required and always hidden',
    ]);
  });

  it.each(mutations.map((m) => [`${m.kind}: ${m.key} ${m.pointer}`, m] as const))('reports %s', (_name, m) => {
    const { ok, got } = caught(m);
    expect(ok, `not reported at ${m.key} ${m.pointer}; reported: ${got.join(' | ') || 'nothing'}`).toBe(true);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Tiptap's extensions name one exact @tiptap/core and @tiptap/pm as peers, and the table extension
 * is released behind the others: with caret ranges npm mixes versions, and two ProseMirror copies
 * break the editor at run time. So every @tiptap package is pinned to one exact version.
 */
describe('Tiptap versions', () => {
  const root = path.resolve(import.meta.dirname, '../../../../..');
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };

  it('pins every @tiptap dependency to one exact version', () => {
    const pins = Object.entries(pkg.dependencies)
      .filter(([name]) => name.startsWith('@tiptap/'))
      .map(([, v]) => v);
    expect(pins.length).toBeGreaterThan(0);
    expect(pins.every((v) => /^\d+\.\d+\.\d+$/.test(v))).toBe(true);
    expect(new Set(pins).size).toBe(1);
  });

  it('has installed that one version of every @tiptap package', () => {
    const dir = path.join(root, 'node_modules', '@tiptap');
    const installed = fs
      .readdirSync(dir)
      .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name, 'package.json'), 'utf8')).version as string);
    expect(new Set(installed)).toEqual(new Set([pkg.dependencies['@tiptap/react']]));
  });
});

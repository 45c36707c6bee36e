import { describe, expect, it } from 'vitest';
import { normalisePath } from './routePath.js';

describe('normalisePath', () => {
  it('drops query, hash, repeated and trailing slashes; the root stays /', () => {
    expect(normalisePath('/a/b/?x=1')).toBe('/a/b');
    expect(normalisePath('/a/b#top')).toBe('/a/b');
    expect(normalisePath('//a//b')).toBe('/a/b');
    expect(normalisePath('')).toBe('/');
    expect(normalisePath('/')).toBe('/');
    expect(normalisePath('/projectManagement/projectList?id=:id')).toBe('/projectManagement/projectList');
  });
});

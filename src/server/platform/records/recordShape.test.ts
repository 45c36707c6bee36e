import { describe, expect, it } from 'vitest';
import { shapeMaker } from './recordShape.js';

describe('shapeMaker', () => {
  it('makes separate objects with every key, in order, as null', () => {
    const make = shapeMaker(['b', 'a', 'c']);
    const one = make();
    const two = make();
    one.a = 1;
    expect(Object.keys(one)).toEqual(['b', 'a', 'c']);
    expect(one).toEqual({ b: null, a: 1, c: null });
    expect(two).toEqual({ b: null, a: null, c: null });
  });

  it('keeps a key named like an object built-in as a plain key', () => {
    const rec = shapeMaker(['constructor', 'toString'])();
    expect(JSON.stringify(rec)).toBe('{"constructor":null,"toString":null}');
  });
});

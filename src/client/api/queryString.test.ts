import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from './queryString.js';

// The real qs (umi-request's dependency, untyped here), as the reference.
const qs = createRequire(import.meta.url)('qs') as {
  stringify(value: unknown, options: object): string;
  parse(text: string, options: object): unknown;
};

const STRINGIFY = { arrayFormat: 'repeat', strictNullHandling: true } as const;

const cases: Record<string, unknown>[] = [
  {},
  { subAct: 'announcement', page: 1, pageSize: 10 },
  { title: '关于开展 年度课题申报 的通知', flag: true, off: false, zero: 0 },
  { empty: '', gone: undefined, nothing: null },
  { ids: [1, 2, 3], none: [] },
  { odd: "a&b=c?d#e/f+g%h!i'j(k)l*m~n-o_p.q", emoji: '😀' },
  { when: new Date('2026-11-23T08:00:00Z') },
  { nested: { a: 1, b: ['x', 'y'], c: null, d: { e: 'f' } } },
  { 'key with space': 'v', 'k[0]': 'bracket' },
];

describe('queryString (qs for the browser build)', () => {
  it.each(cases.map((c) => [JSON.stringify(c), c]))('stringifies %s as qs does', (_name, value) => {
    expect(stringify(value, STRINGIFY)).toBe(qs.stringify(value, STRINGIFY));
  });

  it('gives nothing for a value that is not an object, as qs does', () => {
    for (const v of [null, undefined, 'text', 3])
      expect(stringify(v, STRINGIFY)).toBe(qs.stringify(v as never, STRINGIFY));
  });

  it('parses what URLSearchParams holds as qs does', () => {
    for (const text of ['a=1&b=2', 'a=1&a=2&a=3', 'flag&b=', 'q=%E8%AF%BE%E9%A2%98+%E7%94%B3%E6%8A%A5', 'x=%ZZ', '']) {
      expect(parse(text, { strictNullHandling: true })).toEqual(qs.parse(text, { strictNullHandling: true }));
    }
  });
});

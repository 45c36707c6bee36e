import { describe, expect, it } from 'vitest';
import { jsonLines, lineOf } from './jsonLines.js';

describe('jsonLines', () => {
  const text = '{\n  "a": 1,\n  "b": [\n    {"c": "x/y"},\n    2\n  ],\n  "d~/e": {\n    "f": null\n  }\n}\n';
  it('finds the line of every value by pointer', () => {
    const lines = jsonLines(text);
    expect(lines.get('/a')).toBe(2);
    expect(lines.get('/b')).toBe(3);
    expect(lines.get('/b/0/c')).toBe(4);
    expect(lines.get('/b/1')).toBe(5);
    expect(lines.get('/d~0~1e/f')).toBe(8);
  });
  it('answers the nearest parent for a missing key, and what it read of a broken text', () => {
    expect(lineOf(jsonLines(text), '/b/0/zz')).toBe(4);
    expect(lineOf(jsonLines('{\n  "a": 1,\n  "b": ['), '/b/3')).toBe(3);
    expect(lineOf(jsonLines(''), '/x')).toBe(1);
  });
});

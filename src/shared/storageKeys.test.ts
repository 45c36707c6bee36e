// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SUB_ACT, STORAGE_KEYS, clearSessionKeys, readJson, readSubAct } from './storageKeys.js';

describe('storage keys', () => {
  beforeEach(() => localStorage.clear());

  it('names the keys of SPEC §3', () => {
    expect(STORAGE_KEYS).toEqual({
      tgt: 'tgt',
      userObj: 'userObj',
      engName: 'engName',
      subAct: 'subAct',
      listBasicObj: 'listBasicObj',
      csrfToken: 'csrfToken',
    });
  });

  it('reads subAct, defaulting to a', () => {
    expect(DEFAULT_SUB_ACT).toBe('a');
    expect(readSubAct(localStorage)).toBe('a');
    localStorage.setItem('subAct', '  ');
    expect(readSubAct(localStorage)).toBe('a');
    localStorage.setItem('subAct', 'b');
    expect(readSubAct(localStorage)).toBe('b');
    expect(readSubAct(undefined)).toBe('a');
  });

  it('reads stored JSON and treats a corrupt value as absent', () => {
    expect(readJson(localStorage, 'userObj')).toBeNull();
    localStorage.setItem('userObj', '{"username":"leader1"}');
    expect(readJson<{ username: string }>(localStorage, 'userObj')?.username).toBe('leader1');
    localStorage.setItem('userObj', '{oops');
    expect(readJson(localStorage, 'userObj')).toBeNull();
  });

  it('clears the login keys and keeps subAct', () => {
    for (const k of ['tgt', 'userObj', 'engName', 'csrfToken', 'subAct']) localStorage.setItem(k, 'x');
    clearSessionKeys(localStorage);
    expect(Object.keys({ ...localStorage })).toEqual(['subAct']);
  });
});

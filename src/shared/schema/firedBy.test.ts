import { describe, expect, it } from 'vitest';
import { firedBy } from './firedBy.js';
import type { TransitionDef } from './types.js';

const t = (over: Partial<TransitionDef>): TransitionDef =>
  ({ action: 'a', label: 'a', from: ['1'], to: '2', roles: ['3'], ...over }) as TransitionDef;

describe('firedBy', () => {
  it('lets only the roles the workflow names fire a transition, and nobody a system one', () => {
    expect(firedBy(t({}), '3')).toBe(true);
    expect(firedBy(t({}), '2')).toBe(false);
    expect(firedBy(t({}), undefined)).toBe(false);
    expect(firedBy(t({}), null)).toBe(false);
    expect(firedBy(t({ actor: 'system', roles: ['3'] }), '3')).toBe(false);
  });
});

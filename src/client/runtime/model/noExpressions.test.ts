import { Schema } from '@formily/json-schema';
import { disableSchemaExpressions } from './noExpressions.js';

describe('schema expressions', () => {
  it('are never evaluated: a {{ }} string stays literal', () => {
    disableSchemaExpressions();
    const probe = { hit: false };
    expect(Schema.compile('{{ probe.hit = true }}', { probe })).toBe('{{ probe.hit = true }}');
    expect(probe.hit).toBe(false);
    expect(Schema.compile({ title: '{{1+1}}' }, {})).toEqual({ title: '{{1+1}}' });
  });
});

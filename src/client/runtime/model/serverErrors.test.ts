import { fieldErrorsOf } from './serverErrors.js';

describe('fieldErrorsOf', () => {
  it('reads the shapes the engine may answer', () => {
    expect(fieldErrorsOf({ fields: { title: '标题不能为空', tags: ['a', 'b'] } })).toEqual({ title: ['标题不能为空'], tags: ['a', 'b'] });
    expect(fieldErrorsOf({ errors: [{ field: 'title', message: '过长' }, { path: '/summary', message: 'x' }] })).toEqual({ title: ['过长'], summary: ['x'] });
    expect(fieldErrorsOf([{ field: 'a', message: 'm' }])).toEqual({ a: ['m'] });
    expect(fieldErrorsOf({ fields: [{ field: 'a', message: 'm' }] })).toEqual({ a: ['m'] });
  });
  it('answers null when there is nothing per field', () => {
    expect(fieldErrorsOf(null)).toBeNull();
    expect(fieldErrorsOf('参数不合法')).toBeNull();
    expect(fieldErrorsOf({ errors: [{ message: 'no field' }] })).toBeNull();
  });
});

import { fieldErrorsOf, refusalText } from './fieldErrors.js';

describe('fieldErrorsOf', () => {
  it('reads the shapes the engine may answer', () => {
    expect(fieldErrorsOf({ fields: { title: '标题不能为空', tags: ['a', 'b'] } })).toEqual({
      title: ['标题不能为空'],
      tags: ['a', 'b'],
    });
    expect(
      fieldErrorsOf({
        errors: [
          { field: 'title', message: '过长' },
          { path: '/summary', message: 'x' },
        ],
      }),
    ).toEqual({ title: ['过长'], summary: ['x'] });
    expect(fieldErrorsOf([{ field: 'a', message: 'm' }])).toEqual({ a: ['m'] });
    expect(fieldErrorsOf({ fields: [{ field: 'a', message: 'm' }] })).toEqual({ a: ['m'] });
  });
  it('answers null when there is nothing per field', () => {
    expect(fieldErrorsOf(null)).toBeNull();
    expect(fieldErrorsOf('参数不合法')).toBeNull();
    expect(fieldErrorsOf({ errors: [{ message: 'no field' }] })).toBeNull();
  });
});

describe('paths into rows', () => {
  it('puts a row cell message on the field holding the rows', () => {
    expect(fieldErrorsOf([{ field: 'members[0].idCard', message: '课题组成员第1行：身份证号格式不正确' }])).toEqual({
      members: ['课题组成员第1行：身份证号格式不正确'],
    });
  });
});

describe('refusalText', () => {
  const data = [
    { field: 'notice', message: '该通知下已有您的课题' },
    { field: 'title', message: '课题名称不能为空' },
    { field: 'notice', message: '该通知下已有您的课题' },
  ];
  it("says the fields' messages instead of the bare 参数不合法", () => {
    expect(refusalText('参数不合法', data)).toBe('该通知下已有您的课题；课题名称不能为空');
  });
  it('leaves out the fields already shown elsewhere, and says 参数不合法 only when nothing is left', () => {
    expect(refusalText('参数不合法', data, new Set(['title']))).toBe('该通知下已有您的课题');
    expect(refusalText('参数不合法', data, new Set(['title', 'notice']))).toBe('参数不合法');
  });
  it('keeps a sentence of its own, and answers without fields as they are', () => {
    expect(refusalText('记录已被他人修改，请刷新后重试', data)).toBe('记录已被他人修改，请刷新后重试');
    expect(refusalText('参数不合法', null)).toBe('参数不合法');
  });
});

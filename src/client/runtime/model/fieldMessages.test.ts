import { fieldValidators, formatMessage, requiredMessage } from './fieldMessages.js';

describe('field messages name the field', () => {
  it('asks to type, to pick or to upload by the widget', () => {
    expect(requiredMessage('标题', 'Input')).toBe('请输入标题');
    expect(requiredMessage('正文', 'RichText')).toBe('请输入正文');
    expect(requiredMessage('状态', 'Select')).toBe('请选择状态');
    expect(requiredMessage('类别', 'Radio')).toBe('请选择类别');
    expect(requiredMessage('截止时间', 'DateTimePicker')).toBe('请选择截止时间');
    expect(requiredMessage('所属单位', 'SchoolSelect')).toBe('请选择所属单位');
    expect(requiredMessage('附件', 'Upload')).toBe('请上传附件');
  });

  it("says a format is wrong by the field's name unless the schema gives its own message", () => {
    expect(formatMessage({ type: 'string', label: '手机号', pattern: '^1[3-9]\\d{9}$' }, '手机号')).toBe(
      '手机号格式不正确',
    );
    expect(
      formatMessage(
        { type: 'string', label: '手机号', pattern: '^1', patternMessage: '请输入正确的手机号码' },
        '手机号',
      ),
    ).toBe('请输入正确的手机号码');
  });

  it('puts a message on every rule, with the required rule present (off) for rules to turn on', () => {
    expect(
      fieldValidators(
        { type: 'string', label: '标题', required: true, maxLength: 200, minLength: 2 },
        '通知标题',
        'Input',
      ),
    ).toEqual([
      { required: true, message: '请输入通知标题' },
      { maxLength: 200, message: '通知标题不能超过200个字符' },
      { minLength: 2, message: '通知标题不能少于2个字符' },
    ]);
    expect(
      fieldValidators({ type: 'integer', label: '排序', minimum: 0, maximum: 999 }, '排序', 'NumberPicker'),
    ).toEqual([
      { required: false, message: '请输入排序' },
      { minimum: 0, message: '排序不能小于0' },
      { maximum: 999, message: '排序不能大于999' },
    ]);
    expect(
      fieldValidators({ type: 'string', label: '手机号', pattern: '^1[3-9]\\d{9}$' }, '手机号', 'Input')[1],
    ).toEqual({ pattern: '^1[3-9]\\d{9}$', message: '手机号格式不正确' });
    expect(fieldValidators({ type: 'files', label: '附件', required: true, maxCount: 5 }, '附件', 'Upload')).toEqual([
      { required: true, message: '请上传附件' },
    ]);
  });
});

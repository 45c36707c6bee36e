/** What a visitor signing up is told (SPEC §2 sign-up), in one place so tests and code agree. */
export const SIGN_UP_MESSAGES = {
  username: '账号为4-32位字母、数字或下划线，以字母开头',
  realName: '请输入真实姓名',
  idCardNo: '身份证号不正确，请检查后重新输入',
  mobile: '请输入正确的手机号',
  smsCode: '请输入短信验证码',
  unit: '请选择所在单位',
  usernameTaken: '该账号已存在',
  idCardTaken: '该身份证号已注册，请直接登录或联系管理员',
  mobileTaken: '该手机号已注册，请直接登录或联系管理员',
  email: '请输入正确的电子邮箱',
  emailTaken: '该电子邮箱已被其他账号使用',
  done: '注册成功，请登录',
  pending: '注册成功，请等待市级管理员审核通过后登录',
  smsSent: '短信验证码已发送',
} as const;

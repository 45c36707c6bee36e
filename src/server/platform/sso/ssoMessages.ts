/** The SSO's user-facing messages (SPEC §5, §8), in one place so tests and code agree. */
export const SSO_MESSAGES = {
  badCredentials: '用户名或者密码错误！',
  accountRequired: '用户名不能为空',
  passwordRequired: '密码不能为空',
  captchaRequired: '请输入验证码!',
  captchaWrong: '验证码错误',
  captchaExpired: '验证码已失效，请刷新验证码',
  captchaTooOften: '获取验证码过于频繁，请稍后再试',
  locked: (minutes: number) => `登录失败次数过多，账号已被锁定，请${minutes}分钟后再试`,
  accountDisabled: '账号已停用，请联系管理员',
  accountPending: '账号正在等待审核，请审核通过后再登录',
  accountRejected: (reason: string | null) =>
    reason ? `注册申请未通过审核，原因：${reason}。请联系所在地市管理员` : '注册申请未通过审核，请联系所在地市管理员',
  mobileInvalid: '请输入正确的手机号',
  smsWrong: '短信验证码错误',
  smsExpired: '短信验证码已失效，请重新获取',
  smsTooSoon: '短信发送过于频繁，请稍后再试',
  smsSent: '短信验证码已发送',
  ticketInvalid: '登录已失效，请重新登录',
  loggedOut: '退出成功',
  notLoggedIn: '未登录',
} as const;

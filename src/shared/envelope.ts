/**
 * The answer every API call gives (SPEC §8): flag true means success and data is returned;
 * otherwise `result` is the message shown to the user. `code` carries 501/502 for "not logged in".
 */
export interface Envelope<T = unknown> {
  flag: boolean;
  data: T | null;
  result: string;
  code?: number;
}

export const MESSAGES = {
  serviceError: '服务异常',
  notLoggedIn: '用户未登录',
  invalidParams: '参数不合法',
  noPermission: '你没有该栏目的权限！！',
  forbidden: '没有权限执行该操作',
  notFound: '记录不存在',
  success: '操作成功！',
  staleVersion: '记录已被他人修改，请刷新后重试',
} as const;

/** Codes that mean the session is gone and the login flow must start (SPEC §8). */
export const NOT_LOGGED_IN_CODES = [501, 502] as const;

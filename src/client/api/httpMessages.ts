/** The HTTP messages of SPEC §8, shown when an answer carries no message of its own. */
export const HTTP_MESSAGES: Readonly<Record<number, string>> = {
  200: '服务器成功返回请求的数据。',
  201: '新建或修改数据成功。',
  202: '一个请求已经进入后台排队（异步任务）。',
  204: '删除数据成功。',
  400: '发出的请求有错误，服务器没有进行新建或修改数据的操作。',
  401: '用户没有权限（令牌、用户名、密码错误）。',
  403: '用户得到授权，但是访问是被禁止的。',
  404: '发出的请求针对的是不存在的记录，服务器没有进行操作。',
  406: '请求的格式不可得。',
  410: '请求的资源被永久删除，且不会再得到的。',
  422: '当创建一个对象时，发生一个验证错误。',
  500: '服务器发生错误，请检查服务器。',
  502: '网关错误。',
  503: '服务不可用，服务器暂时过载或维护。',
  504: '网关超时。',
};

/** Request time-out of SPEC §9; a client time-out is reported as HTTP 504. */
export const REQUEST_TIMEOUT_MS = 60_000;
export const TIMEOUT_STATUS = 504;

/** No answer at all (server down, connection refused). */
export const NETWORK_ERROR_MESSAGE = '网络异常，请检查网络连接';

/** The message for an HTTP status; an unlisted status falls back to the status text or 服务异常. */
export function httpMessage(status: number, statusText?: string): string {
  return HTTP_MESSAGES[status] ?? (statusText?.trim() || '服务异常');
}

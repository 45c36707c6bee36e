import { MESSAGES, NOT_LOGGED_IN_CODES } from '../../shared/envelope.js';
import { ApiError } from './ApiError.js';
import { NETWORK_ERROR_MESSAGE, TIMEOUT_STATUS, httpMessage } from './httpMessages.js';

interface EnvelopeLike {
  flag: boolean;
  data?: unknown;
  result?: unknown;
  code?: unknown;
}

function isEnvelope(body: unknown): body is EnvelopeLike {
  return !!body && typeof body === 'object' && typeof (body as EnvelopeLike).flag === 'boolean';
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

function codeOf(body: EnvelopeLike): number | undefined {
  const code = Number(body.code);
  return Number.isFinite(code) && body.code !== null && body.code !== undefined ? code : undefined;
}

export function isNotLoggedInCode(code: unknown): boolean {
  return (NOT_LOGGED_IN_CODES as readonly number[]).includes(Number(code));
}

/**
 * Reads an answer of the API (SPEC §8). Success (2xx with flag true) gives `data`. Everything
 * else becomes an ApiError:
 *  - codes 501/502 in the envelope: notLoggedIn, with the result or 用户未登录;
 *  - flag false: the result, or 服务异常 when there is none;
 *  - an HTTP error without an envelope: the HTTP message of the status.
 */
export function readAnswer<T>(status: number, body: unknown, statusText?: string): T {
  if (isEnvelope(body)) {
    const code = codeOf(body);
    if (isNotLoggedInCode(code)) {
      throw new ApiError(text(body.result) ?? MESSAGES.notLoggedIn, 'notLoggedIn', code, status, body.data);
    }
    if (body.flag && status >= 200 && status < 300) return body.data as T;
    throw new ApiError(text(body.result) ?? MESSAGES.serviceError, 'envelope', code, status, body.data);
  }
  if (status >= 200 && status < 300) {
    // A 2xx answer that is not an envelope: nothing the app calls answers like that.
    throw new ApiError(MESSAGES.serviceError, 'envelope', undefined, status, body);
  }
  throw new ApiError(httpMessage(status, statusText), 'http', undefined, status, body);
}

/** Errors with no answer to read: time-out (shown as 504) or no connection. */
export function failureWithoutAnswer(timedOut: boolean): ApiError {
  return timedOut
    ? new ApiError(httpMessage(TIMEOUT_STATUS), 'timeout', undefined, TIMEOUT_STATUS)
    : new ApiError(NETWORK_ERROR_MESSAGE, 'network', undefined, 0);
}

import { describe, expect, it } from 'vitest';
import { ApiError } from './ApiError.js';
import { failureWithoutAnswer, isNotLoggedInCode, readAnswer } from './envelope.js';

function failure(status: number, body: unknown): ApiError {
  try {
    readAnswer(status, body);
  } catch (e) {
    return e as ApiError;
  }
  throw new Error('expected a failure');
}

describe('readAnswer', () => {
  it('gives data when flag is true', () => {
    expect(readAnswer(200, { flag: true, data: { a: 1 }, result: 'ok' })).toEqual({ a: 1 });
    expect(readAnswer(200, { flag: true, data: null, result: 'ok' })).toBeNull();
  });
  it('shows the result when flag is false, 服务异常 when there is none', () => {
    expect(failure(200, { flag: false, data: null, result: '标题不能为空' })).toMatchObject({
      message: '标题不能为空',
      kind: 'envelope',
      status: 200,
    });
    expect(failure(200, { flag: false, data: null, result: '' }).message).toBe('服务异常');
    expect(failure(200, { flag: false }).message).toBe('服务异常');
  });
  it('prefers the envelope message over the HTTP one on an error status', () => {
    expect(failure(400, { flag: false, data: null, result: '参数不合法', code: 400 })).toMatchObject({
      message: '参数不合法',
      code: 400,
      status: 400,
    });
  });
  it('treats codes 501 and 502 as not logged in, with the result or 用户未登录', () => {
    expect(failure(401, { flag: false, data: null, result: '用户未登录', code: 501 })).toMatchObject({
      kind: 'notLoggedIn',
      code: 501,
    });
    expect(failure(200, { flag: false, data: null, result: '', code: 502 })).toMatchObject({
      kind: 'notLoggedIn',
      message: '用户未登录',
    });
    expect(failure(200, { flag: false, data: null, result: '登录已过期', code: '501' })).toMatchObject({
      kind: 'notLoggedIn',
      message: '登录已过期',
    });
  });
  it('does not mistake an HTTP 502 from a gateway for not logged in', () => {
    expect(failure(502, '<html>Bad Gateway</html>')).toMatchObject({
      kind: 'http',
      message: '网关错误。',
      status: 502,
    });
  });
  it('shows the HTTP message when the answer is no envelope', () => {
    expect(failure(500, 'oops')).toMatchObject({ kind: 'http', message: '服务器发生错误，请检查服务器。' });
    expect(failure(403, undefined).message).toBe('用户得到授权，但是访问是被禁止的。');
  });
  it('refuses a 2xx answer that is no envelope', () => {
    expect(failure(200, 'plain text')).toMatchObject({ kind: 'envelope', message: '服务异常' });
  });
});

describe('failures without an answer', () => {
  it('reports a time-out as 504', () => {
    expect(failureWithoutAnswer(true)).toMatchObject({ kind: 'timeout', status: 504, message: '网关超时。' });
  });
  it('reports no connection as a network error', () => {
    expect(failureWithoutAnswer(false)).toMatchObject({ kind: 'network', status: 0 });
  });
  it('knows the not-logged-in codes', () => {
    expect([501, 502, '501', 500, undefined].map(isNotLoggedInCode)).toEqual([true, true, true, false, false]);
  });
});

import { describe, expect, it } from 'vitest';
import { HTTP_MESSAGES, REQUEST_TIMEOUT_MS, httpMessage } from './httpMessages.js';

describe('HTTP messages (SPEC §8)', () => {
  it('has a Chinese message for every status the spec lists', () => {
    expect(Object.keys(HTTP_MESSAGES).map(Number)).toEqual([
      200, 201, 202, 204, 400, 401, 403, 404, 406, 410, 422, 500, 502, 503, 504,
    ]);
    expect(httpMessage(401)).toBe('用户没有权限（令牌、用户名、密码错误）。');
    expect(httpMessage(404)).toBe('发出的请求针对的是不存在的记录，服务器没有进行操作。');
    expect(httpMessage(504)).toBe('网关超时。');
  });
  it('falls back to the status text, then 服务异常', () => {
    expect(httpMessage(418, "I'm a teapot")).toBe("I'm a teapot");
    expect(httpMessage(418)).toBe('服务异常');
  });
  it('times requests out after 60 s', () => expect(REQUEST_TIMEOUT_MS).toBe(60_000));
});

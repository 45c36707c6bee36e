// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CAPTCHA_MAX_LENGTH, PICTURE_CONFIG, fetchCaptcha, isValidCaptchaCode } from './captcha.js';

afterEach(() => vi.unstubAllGlobals());

describe('picture captcha', () => {
  it('asks the SSO for a 90 x 32 picture and answers the challenge', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return new Response(
          JSON.stringify({
            code: 0,
            message: 'success',
            data: { captchaId: 'abc', captchaType: 'picture', captchaUrl: '/sso/captcha/image/abc' },
          }),
          { headers: { 'content-type': 'application/json' } },
        );
      }),
    );
    const c = await fetchCaptcha();
    expect(c).toMatchObject({ captchaId: 'abc', captchaType: 'picture', captchaUrl: '/sso/captcha/image/abc' });
    const q = new URL(urls[0], 'http://x').searchParams;
    expect(new URL(urls[0], 'http://x').pathname).toBe('/sso/captcha');
    expect(JSON.parse(q.get('captchaCustomConfig')!)).toMatchObject({ width: 90, height: 32 });
    expect(PICTURE_CONFIG).toMatchObject({ width: 90, height: 32 });
  });

  it('rejects when the SSO answers a non-zero code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 1, message: '失败' }), {
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    await expect(fetchCaptcha()).rejects.toThrow('失败');
  });

  it('accepts 1..20 characters without whitespace', () => {
    expect(CAPTCHA_MAX_LENGTH).toBe(20);
    expect(isValidCaptchaCode('ab12')).toBe(true);
    expect(isValidCaptchaCode('a'.repeat(20))).toBe(true);
    expect(isValidCaptchaCode('a'.repeat(21))).toBe(false);
    expect(isValidCaptchaCode('ab 12')).toBe(false);
    expect(isValidCaptchaCode('')).toBe(false);
    expect(isValidCaptchaCode(undefined)).toBe(false);
  });
});

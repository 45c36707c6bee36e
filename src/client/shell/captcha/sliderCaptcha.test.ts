// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  NETWORK_FAILURE,
  SLIDER_DEFAULTS,
  SLIDER_ERROR,
  SliderError,
  createSliderCaptcha,
  loadScript,
  resetLoadedScripts,
} from './sliderCaptcha.js';

function lastScript(): HTMLScriptElement {
  const all = document.head.querySelectorAll('script');
  return all[all.length - 1] as HTMLScriptElement;
}

beforeEach(() => {
  vi.useFakeTimers();
  resetLoadedScripts();
  // Only the scripts: the head is the document's other files share (vitest.config.ts).
  document.head.querySelectorAll('script').forEach((s) => s.remove());
  delete window.initSliderCaptcha;
});
afterEach(() => vi.useRealTimers());

describe('slider captcha loader', () => {
  it('uses the spec time-outs and same-origin default servers', () => {
    expect(SLIDER_DEFAULTS.timeout).toBe(30_000);
    expect(SLIDER_DEFAULTS.scriptTimeout).toBe(10_000);
    expect(SLIDER_DEFAULTS.apiServer.startsWith('/')).toBe(true);
    expect(SLIDER_DEFAULTS.staticServer.startsWith('/')).toBe(true);
  });

  it('fails with 60204 Network failure when the script does not load within 10 s', async () => {
    const p = createSliderCaptcha({ captchaId: 'c1' });
    const check = expect(p).rejects.toMatchObject({ code: 60204, message: NETWORK_FAILURE });
    expect(lastScript().src).toContain('/sso/static/slider/load.min.js');
    await vi.advanceTimersByTimeAsync(10_000);
    await check;
    expect(document.head.querySelector('script')).toBeNull();
  });

  it('fails with 60204 when the script errors', async () => {
    const p = loadScript('/x.js', 10_000);
    lastScript().onerror!(new Event('error'));
    await expect(p).rejects.toBeInstanceOf(SliderError);
  });

  it('fails with 60205 when the captcha resources do not arrive within 30 s', async () => {
    window.initSliderCaptcha = () => {
      /* never calls back */
    };
    const p = createSliderCaptcha({ captchaId: 'c1', staticServer: '/static' });
    const check = expect(p).rejects.toMatchObject({ code: SLIDER_ERROR.resourceTimeout, message: 'Network failure' });
    lastScript().onload!(new Event('load'));
    await vi.advanceTimersByTimeAsync(30_000);
    await check;
  });

  it('verifies through the box and answers the proof for /sso/login', async () => {
    let config: any;
    const popUp = vi.fn(() => config.onVerify(null, { validate: 'proof-123' }));
    window.initSliderCaptcha = (c, onLoad) => {
      config = c;
      onLoad({ popUp });
    };
    const p = createSliderCaptcha({ captchaId: 'c9' });
    lastScript().onload!(new Event('load'));
    const slider = await p;
    expect(config).toMatchObject({ captchaId: 'c9', apiServer: '/sso', timeout: 30_000 });
    await expect(slider.verify()).resolves.toEqual({ captchaId: 'c9', captchaCode: 'proof-123' });
    expect(popUp).toHaveBeenCalledTimes(1);
  });

  it('rejects a failed verification', async () => {
    let config: any;
    window.initSliderCaptcha = (c, onLoad) => {
      config = c;
      onLoad({ popUp: () => config.onVerify(new Error('no')) });
    };
    const p = createSliderCaptcha({ captchaId: 'c9' });
    lastScript().onload!(new Event('load'));
    await expect((await p).verify()).rejects.toThrow('no');
  });

  it('passes on a load error as 60205 unless it says 60204', async () => {
    window.initSliderCaptcha = (_c, _l, onError) => onError({ code: 60204 });
    const p = createSliderCaptcha({ captchaId: 'c1' });
    lastScript().onload!(new Event('load'));
    await expect(p).rejects.toMatchObject({ code: 60204 });
  });
});

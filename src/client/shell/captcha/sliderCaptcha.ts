/**
 * Loader of the slider (third-party) captcha: its script comes from the static server, its
 * challenges from the api server, both with defaults (SPEC §7, §9). A script that does not load
 * in time fails with 60204, a captcha whose resources do not load in time with 60205, both with the
 * message "Network failure" (SPEC §8); the caller then falls back to the picture captcha.
 *
 * The script must define `window.initSliderCaptcha(config, onLoad, onError)`; `onLoad` hands an
 * instance whose `popUp()` opens the verification box, and `config.onVerify(error, data)` reports
 * the outcome with `data.validate` as the proof.
 */
import type { CaptchaProof } from './captcha.js';

export const SLIDER_ERROR = { scriptTimeout: 60204, resourceTimeout: 60205 } as const;
export const NETWORK_FAILURE = 'Network failure';

export const SLIDER_DEFAULTS = {
  apiServer: '/sso',
  staticServer: '/sso/static',
  scriptPath: '/slider/load.min.js',
  /** Verification resources (SPEC §9: slider time-out 30000 ms). */
  timeout: 30_000,
  /** Script load (SPEC §9: script load default 10000 ms). */
  scriptTimeout: 10_000,
} as const;

export interface SliderOptions {
  captchaId: string;
  apiServer?: string;
  staticServer?: string;
  scriptPath?: string;
  timeout?: number;
  scriptTimeout?: number;
}

export interface SliderInstance {
  popUp(): void;
  destroy?(): void;
}

interface SliderConfig {
  captchaId: string;
  apiServer: string;
  timeout: number;
  mode: 'popup';
  onVerify(error: unknown, data?: { validate?: string }): void;
}

type InitFn = (
  config: SliderConfig,
  onLoad: (instance: SliderInstance) => void,
  onError: (error: unknown) => void,
) => void;

declare global {
  interface Window {
    initSliderCaptcha?: InitFn;
  }
}

export class SliderError extends Error {
  constructor(
    public readonly code: number,
    message = NETWORK_FAILURE,
  ) {
    super(message);
    this.name = 'SliderError';
  }
}

const loadedScripts = new Map<string, Promise<void>>();

/** Loads a script once; rejects with 60204 when it neither loads nor fails within `timeoutMs`, or fails. */
export function loadScript(src: string, timeoutMs: number, doc: Document = document): Promise<void> {
  const known = loadedScripts.get(src);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = doc.createElement('script');
    let settled = false;
    const finish = (error?: SliderError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) {
        script.remove();
        loadedScripts.delete(src);
        reject(error);
      } else resolve();
    };
    const timer = setTimeout(() => finish(new SliderError(SLIDER_ERROR.scriptTimeout)), timeoutMs);
    script.src = src;
    script.async = true;
    script.onload = () => finish();
    script.onerror = () => finish(new SliderError(SLIDER_ERROR.scriptTimeout));
    doc.head.appendChild(script);
  });
  loadedScripts.set(src, promise);
  return promise;
}

/** For tests: forget which scripts were loaded. */
export function resetLoadedScripts(): void {
  loadedScripts.clear();
}

export interface SliderCaptcha {
  /** Opens the verification box; resolves with the proof when the user passes it. */
  verify(): Promise<CaptchaProof>;
}

/** Loads the slider; rejects with SliderError (60204 / 60205) so the caller can fall back. */
export async function createSliderCaptcha(options: SliderOptions, win: Window = window): Promise<SliderCaptcha> {
  const o = { ...SLIDER_DEFAULTS, ...options };
  await loadScript(`${o.staticServer}${o.scriptPath}`, o.scriptTimeout, win.document);
  const init = win.initSliderCaptcha;
  if (typeof init !== 'function') throw new SliderError(SLIDER_ERROR.scriptTimeout);

  let pending: { resolve: (p: CaptchaProof) => void; reject: (e: unknown) => void } | null = null;
  const instance = await new Promise<SliderInstance>((resolve, reject) => {
    const timer = setTimeout(() => reject(new SliderError(SLIDER_ERROR.resourceTimeout)), o.timeout);
    init(
      {
        captchaId: o.captchaId,
        apiServer: o.apiServer,
        timeout: o.timeout,
        mode: 'popup',
        onVerify(error, data) {
          const waiting = pending;
          pending = null;
          if (!waiting) return;
          if (error || !data?.validate) waiting.reject(error ?? new Error('验证未通过'));
          else waiting.resolve({ captchaId: o.captchaId, captchaCode: data.validate });
        },
      },
      (inst) => {
        clearTimeout(timer);
        resolve(inst);
      },
      (error) => {
        clearTimeout(timer);
        const code = (error as { code?: number } | null)?.code;
        reject(new SliderError(code === SLIDER_ERROR.scriptTimeout ? code : SLIDER_ERROR.resourceTimeout));
      },
    );
  });
  return {
    verify() {
      return new Promise<CaptchaProof>((resolve, reject) => {
        pending = { resolve, reject };
        instance.popUp();
      });
    },
  };
}

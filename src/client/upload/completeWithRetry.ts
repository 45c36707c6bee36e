import { ApiError } from '../api/ApiError.js';
import type { UploadTransport } from './uploadTransport.js';

/**
 * Waits before each new try of a `complete` answered 409 (文件正在处理: another server process is
 * assembling the same upload, or did until it died and its lease must run out, 15 s by default):
 * 1, 2, 4, 8 s, then 8 s at a time, about a minute in all.
 */
export const COMPLETE_BACKOFF_MS = [1000, 2000, 4000, 8000, 8000, 8000, 8000, 8000, 8000];

export type Wait = (ms: number, signal: AbortSignal) => Promise<void>;

export const wait: Wait = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new DOMException('aborted', 'AbortError'));
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new DOMException('aborted', 'AbortError'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });

const isBusy = (e: unknown) => e instanceof ApiError && (e.status === 409 || e.code === 409);

/** `complete`, tried again with back-off while the server answers that the file is being processed. */
export async function completeWithRetry(
  transport: UploadTransport,
  url: string,
  input: Parameters<UploadTransport['complete']>[1],
  signal: AbortSignal,
  pause: Wait = wait,
): ReturnType<UploadTransport['complete']> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await transport.complete(url, input);
    } catch (e) {
      if (!isBusy(e) || attempt >= COMPLETE_BACKOFF_MS.length) throw e;
      await pause(COMPLETE_BACKOFF_MS[attempt], signal);
    }
  }
}

/**
 * md5 of a file for the uploader: in a module Web Worker (the page stays responsive), or, where
 * workers are unavailable, on the main thread in small slices with a pause between them.
 */
import { md5OfBlob, type HasherKind, type Md5Result } from './md5Hasher.js';
import type { Md5WorkerMessage } from './md5.worker.js';

export interface ComputeMd5Options {
  chunkSize?: number;
  prefer?: HasherKind | 'auto';
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

function aborted(): DOMException {
  return new DOMException('aborted', 'AbortError');
}

export function computeMd5(file: Blob, opts: ComputeMd5Options = {}): Promise<Md5Result> {
  if (opts.signal?.aborted) return Promise.reject(aborted());
  if (typeof Worker === 'undefined') return md5OnMainThread(file, opts);
  return new Promise<Md5Result>((resolve, reject) => {
    const worker = new Worker(new URL('./md5.worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      opts.signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      stop();
      reject(aborted());
    };
    opts.signal?.addEventListener('abort', onAbort);
    worker.onmessage = (event: MessageEvent<Md5WorkerMessage>) => {
      const msg = event.data;
      if (msg.type === 'progress') opts.onProgress?.(msg.loaded, msg.total);
      else if (msg.type === 'done') {
        stop();
        resolve({ md5: msg.md5, chunkMd5s: msg.chunkMd5s, kind: msg.kind });
      } else {
        stop();
        reject(new Error(msg.message));
      }
    };
    worker.onerror = (event) => {
      stop();
      // A worker that cannot start (old browser, blocked script): hash here instead.
      event.preventDefault();
      md5OnMainThread(file, opts).then(resolve, reject);
    };
    worker.postMessage({ file, chunkSize: opts.chunkSize, prefer: opts.prefer });
  });
}

/** Small slices and a yield after each keep every main-thread task short. */
function md5OnMainThread(file: Blob, opts: ComputeMd5Options): Promise<Md5Result> {
  return md5OfBlob(file, {
    chunkSize: opts.chunkSize,
    prefer: opts.prefer,
    sliceSize: 2 * 1024 * 1024,
    onProgress: opts.onProgress,
    signal: opts.signal,
    pause: () => new Promise((r) => setTimeout(r, 0)),
  });
}

/// <reference lib="webworker" />
/**
 * Hashes a File off the main thread, so the page stays responsive while a large file is read.
 * In: { file, chunkSize?, prefer?, sliceSize? }. Out: { type: 'progress', loaded, total } as it
 * goes, then { type: 'done', md5, chunkMd5s, kind, ms } or { type: 'error', message }.
 */
import { md5OfBlob, type HasherKind } from './md5Hasher.js';

export interface Md5WorkerRequest {
  file: Blob;
  chunkSize?: number;
  prefer?: HasherKind | 'auto';
  sliceSize?: number;
}

export type Md5WorkerMessage =
  | { type: 'progress'; loaded: number; total: number }
  | { type: 'done'; md5: string; chunkMd5s: string[]; kind: HasherKind; ms: number }
  | { type: 'error'; message: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<Md5WorkerRequest>) => {
  const { file, chunkSize, prefer, sliceSize } = event.data;
  const started = performance.now();
  try {
    const result = await md5OfBlob(file, {
      chunkSize,
      prefer,
      sliceSize,
      onProgress: (loaded, total) => scope.postMessage({ type: 'progress', loaded, total } satisfies Md5WorkerMessage),
    });
    scope.postMessage({ type: 'done', ...result, ms: performance.now() - started } satisfies Md5WorkerMessage);
  } catch (e) {
    scope.postMessage({
      type: 'error',
      message: e instanceof Error ? e.message : String(e),
    } satisfies Md5WorkerMessage);
  }
};

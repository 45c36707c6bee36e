/**
 * Incremental md5 of a file read in slices, so neither the file nor a chunk is ever held whole.
 * hash-wasm's WebAssembly MD5 is the fast path; spark-md5 (plain JavaScript) serves where
 * WebAssembly is unavailable or refused. Runs in the md5 worker, or on the main thread as a fallback.
 */
import { createMD5 } from 'hash-wasm';
import SparkMD5 from 'spark-md5';

export type HasherKind = 'wasm' | 'spark';

export interface IncrementalMd5 {
  readonly kind: HasherKind;
  update(data: Uint8Array): void;
  digest(): string;
}

function sparkHasher(): IncrementalMd5 {
  const spark = new SparkMD5.ArrayBuffer();
  return {
    kind: 'spark',
    update(data) {
      // spark-md5 takes whole ArrayBuffers: hand it exactly the viewed bytes.
      const whole = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength;
      spark.append((whole ? data.buffer : data.slice().buffer) as ArrayBuffer);
    },
    digest: () => spark.end(),
  };
}

/** A fresh hasher: WebAssembly unless `prefer` says spark or WebAssembly cannot be used here. */
export async function createIncrementalMd5(prefer: HasherKind | 'auto' = 'auto'): Promise<IncrementalMd5> {
  if (prefer !== 'spark' && typeof WebAssembly === 'object') {
    try {
      const wasm = await createMD5();
      wasm.init();
      return { kind: 'wasm', update: (data) => void wasm.update(data), digest: () => wasm.digest('hex') };
    } catch {
      // e.g. a Content-Security-Policy without 'wasm-unsafe-eval': fall through to JavaScript.
    }
  }
  return sparkHasher();
}

export interface Md5Result {
  md5: string;
  /** md5 of each upload chunk (for the file server's per-chunk check); one chunk: the file's md5. */
  chunkMd5s: string[];
  kind: HasherKind;
}

export interface Md5Options {
  /** Bytes read at a time (default 8 MiB). */
  sliceSize?: number;
  /** Chunk size of the upload, to hash each chunk too; omitted: one chunk. */
  chunkSize?: number;
  prefer?: HasherKind | 'auto';
  onProgress?: (loaded: number, total: number) => void;
  /** Called between slices, so a caller on the main thread can let the page breathe. */
  pause?: () => Promise<void>;
  signal?: AbortSignal;
}

export const DEFAULT_SLICE = 8 * 1024 * 1024;

/** Blob.arrayBuffer where there is one; FileReader in older browsers (and jsdom). */
function readBytes(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

export async function md5OfBlob(blob: Blob, opts: Md5Options = {}): Promise<Md5Result> {
  const sliceSize = opts.sliceSize ?? DEFAULT_SLICE;
  const chunkSize = opts.chunkSize && opts.chunkSize < blob.size ? opts.chunkSize : 0;
  const whole = await createIncrementalMd5(opts.prefer);
  const chunkMd5s: string[] = [];
  let chunk = chunkSize ? await createIncrementalMd5(whole.kind) : null;
  let inChunk = 0;
  let offset = 0;
  while (offset < blob.size) {
    if (opts.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    // Slices never straddle a chunk boundary, so each chunk's hasher sees exactly its bytes.
    const end = Math.min(blob.size, offset + sliceSize, chunkSize ? offset - inChunk + chunkSize : Infinity);
    const bytes = new Uint8Array(await readBytes(blob.slice(offset, end)));
    whole.update(bytes);
    if (chunk) {
      chunk.update(bytes);
      inChunk += bytes.length;
      if (inChunk === chunkSize) {
        chunkMd5s.push(chunk.digest());
        chunk = await createIncrementalMd5(whole.kind);
        inChunk = 0;
      }
    }
    offset = end;
    opts.onProgress?.(offset, blob.size);
    if (opts.pause) await opts.pause();
  }
  const md5 = whole.digest();
  if (chunk && inChunk > 0) chunkMd5s.push(chunk.digest());
  return { md5, chunkMd5s: chunkSize ? chunkMd5s : [md5], kind: whole.kind };
}

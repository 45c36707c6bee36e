import type { Readable } from 'node:stream';

export interface StoredChunk {
  index: number;
  size: number;
}

/** Assembled bytes waiting for the md5 and type checks: kept (under their key) or thrown away. */
export interface StagedFile {
  size: number;
  /** The first bytes, for the content-signature check. */
  head: Buffer;
  /** Stores the bytes under the key given when staging (a no-op when that key already holds them). */
  commit(): Promise<void>;
  discard(): Promise<void>;
}

/**
 * Where file bytes live. Keys and upload ids are made by the server (md5s, random ids), never from
 * a user's file name. Every method streams: nothing holds a whole chunk or file in memory.
 */
export interface FileStorage {
  readonly name: string;
  /**
   * Stores one chunk of an upload; the chunk is visible to listChunks only once it is whole and,
   * when `expectedMd5` is given, only if its bytes have that md5 (ChunkMismatchError otherwise).
   */
  putChunk(
    uploadId: string,
    index: number,
    body: Readable,
    opts: { maxBytes: number; length?: number; expectedMd5?: string },
  ): Promise<{ size: number; md5: string }>;
  listChunks(uploadId: string): Promise<StoredChunk[]>;
  /** Concatenates chunks 0..count-1 in order into a staged object for `key`, showing every piece to `observe`. */
  assemble(uploadId: string, count: number, key: string, observe: (piece: Buffer) => void): Promise<StagedFile>;
  /** A one-chunk upload: that chunk becomes the staged object, without copying it. */
  stageChunk(uploadId: string, index: number, key: string): Promise<StagedFile>;
  /** Bytes of a stored object; `range` is inclusive, as in HTTP. */
  createReadStream(key: string, range?: { start: number; end: number }): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  /** Drops every chunk (and leftover) of an upload. */
  removeUpload(uploadId: string): Promise<void>;
  /**
   * Assemblies begun and neither completed nor aborted (S3 multipart uploads: a process killed
   * while assembling leaves one, billed and invisible), with their target key and start. Stores
   * without such a thing have no such method.
   */
  pendingAssemblies?(): Promise<{ key: string; id: string; startedAt: number }[]>;
  abortAssembly?(key: string, id: string): Promise<void>;
  /** Resolves when the storage answers (readiness: the folder is writable, the bucket reachable). */
  ping(): Promise<void>;
}

/** A chunk larger than the upload said its chunks would be. */
export class ChunkTooLargeError extends Error {
  constructor() {
    super('chunk larger than announced');
    this.name = 'ChunkTooLargeError';
  }
}

/** A chunk whose bytes do not have the md5 the client sent with it. */
export class ChunkMismatchError extends Error {
  constructor() {
    super('chunk md5 mismatch');
    this.name = 'ChunkMismatchError';
  }
}

export function blobKey(md5: string): string {
  if (!/^[0-9a-f]{32}$/.test(md5)) throw new Error('not an md5');
  return `blobs/${md5.slice(0, 2)}/${md5}`;
}

export function assertUploadId(uploadId: string): void {
  if (!/^[0-9a-f]{32}$/.test(uploadId)) throw new Error('not an upload id');
}

export function assertKey(key: string): void {
  if (!/^[a-z0-9]+(\/[a-z0-9]+)*$/.test(key)) throw new Error('not a storage key');
}

/** The head of a file its content is sniffed from (files/sniff.ts): kept as each upload streams in. */
export const HEAD_BYTES = 64 * 1024;

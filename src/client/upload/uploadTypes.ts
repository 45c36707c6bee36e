import type { PreviewKind } from '../../shared/fileTypes.js';
import type { Md5Result } from './md5Hasher.js';
import type { UploadTransport } from './uploadTransport.js';
import type { Wait } from './completeWithRetry.js';

/** The uploader's shapes: its items and settings, and what it is handed (UploadModel). */
export type UploadStatus = 'init' | 'queued' | 'progress' | 'complete' | 'error';

/** What the form stores for each file (the file service's FileRef). */
export interface FileRefValue {
  id: number;
  fileName: string;
  fileSize: number;
  fileSuffix: string;
  md5: string;
}

export interface UploadItem {
  uid: string;
  fileName: string;
  fileSize: number;
  fileSuffix: string;
  status: UploadStatus;
  /** Upload progress, 0..100. */
  percentage: number;
  /** What a running item is doing. */
  phase?: 'md5' | 'upload' | 'save';
  /** md5 progress, 0..100. */
  md5Percentage?: number;
  md5?: string;
  contextId?: string;
  id?: number;
  previewKind?: PreviewKind | null;
  /** Shown under an item in error. */
  error?: string;
  /** Sent without new bytes (the md5 was known). */
  instant?: boolean;
}

export interface UploadSettings {
  /** "entity.field": the field whose type set and limits the server checks. */
  belongType: string;
  belongId?: number | string | null;
  accept: readonly string[];
  /** -1: unlimited. */
  maxCount: number;
  /** Megabytes; -1: unlimited. */
  maxSize: number;
  chunkSize: number;
  largeFileThreshold: number;
  timeoutMs: number;
}

export interface GateLike {
  begin(key: string): void;
  end(key: string, failed?: boolean): void;
  remove(key: string): void;
}

export interface UploadDeps {
  transport: UploadTransport;
  md5(
    file: Blob,
    opts: { chunkSize: number; onProgress: (loaded: number, total: number) => void; signal: AbortSignal },
  ): Promise<Md5Result>;
  gate: GateLike;
  notify: { warning(text: string): void; error(text: string): void };
  /** How the uploader waits between tries of a busy `complete` (tests pass a quick one). */
  wait?: Wait;
}

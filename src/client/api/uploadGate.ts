/**
 * While a file is uploading, or a failed upload is still in a form, other calls are held back
 * (SPEC §5) so a form is never saved without its files. The uploader reports its files here:
 *
 *   uploadGate.begin(fileKey)            an upload started
 *   uploadGate.end(fileKey)              it finished
 *   uploadGate.end(fileKey, true)        it failed and the file stays in the list
 *   uploadGate.remove(fileKey)           the file left the list (deleted, or the form closed)
 *
 * Keys are whatever identifies a file in the uploader (its uid); reporting twice is harmless.
 */
export const UPLOAD_GATE_MESSAGES = {
  running: '请等待文件上传完成！',
  failed: '请删除上传失败文件！',
} as const;

type Listener = () => void;

export interface UploadGate {
  begin(key: string): void;
  end(key: string, failed?: boolean): void;
  remove(key: string): void;
  /** Some upload is running. */
  isUploading(): boolean;
  /** A failed file is still in a list. */
  hasFailed(): boolean;
  /** The warning a held-back call shows, or null when calls may go. */
  blockMessage(): string | null;
  subscribe(listener: Listener): () => void;
  /** Forget everything (page left, tests). */
  reset(): void;
}

export function createUploadGate(): UploadGate {
  const running = new Set<string>();
  const failed = new Set<string>();
  const listeners = new Set<Listener>();
  const changed = () => listeners.forEach((l) => l());
  return {
    begin(key) {
      failed.delete(key);
      running.add(key);
      changed();
    },
    end(key, didFail = false) {
      running.delete(key);
      if (didFail) failed.add(key);
      else failed.delete(key);
      changed();
    },
    remove(key) {
      running.delete(key);
      failed.delete(key);
      changed();
    },
    isUploading: () => running.size > 0,
    hasFailed: () => failed.size > 0,
    blockMessage() {
      if (failed.size > 0) return UPLOAD_GATE_MESSAGES.failed;
      if (running.size > 0) return UPLOAD_GATE_MESSAGES.running;
      return null;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reset() {
      running.clear();
      failed.clear();
      changed();
    },
  };
}

/** The one gate of the app, shared by the uploader and the request layer. */
export const uploadGate: UploadGate = createUploadGate();

import type { FileStorage } from '../storage/FileStorage.js';

/**
 * Stored objects the database holds but the storage did not give back, as this process met them
 * (downloads, previews): /readyz shows their count, the log names each, and `npm run
 * files:verify` lists every record so affected. A key read again successfully (the file uploaded
 * again, or the storage back) leaves the list.
 */
const seen = new WeakMap<FileStorage, Set<string>>();

export function noteMissing(storage: FileStorage, key: string): void {
  let keys = seen.get(storage);
  if (!keys) seen.set(storage, (keys = new Set()));
  keys.add(key);
}

export function noteFound(storage: FileStorage, key: string): void {
  seen.get(storage)?.delete(key);
}

/** How many distinct stored objects this process found missing and has not found since. */
export function missingCount(storage: FileStorage): number {
  return seen.get(storage)?.size ?? 0;
}

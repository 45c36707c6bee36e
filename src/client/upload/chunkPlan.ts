import type { UploadSettings } from './uploadTypes.js';

/** How a file is cut: one chunk up to the large-file threshold, else chunks of chunkSize. */
export function chunkPlan(
  size: number,
  s: Pick<UploadSettings, 'chunkSize' | 'largeFileThreshold'>,
): { chunkSize: number; chunks: number } {
  const chunkSize = size > s.largeFileThreshold ? s.chunkSize : Math.max(s.largeFileThreshold, 1);
  return { chunkSize, chunks: Math.max(1, Math.ceil(size / chunkSize)) };
}

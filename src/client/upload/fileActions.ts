import { http } from '../api/http.js';

/** Saves a stored file; the request layer sends the session headers and reports 下载地址不存在. */
export function downloadStoredFile(file: { id: number; fileName: string }): Promise<unknown> {
  return http.download('file/download', { method: 'GET', params: { id: file.id }, fileName: file.fileName });
}

export function sizeText(bytes: number | undefined | null): string {
  if (bytes === undefined || bytes === null || Number.isNaN(bytes)) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(2)} GB`;
}

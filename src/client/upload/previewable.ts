/**
 * Which files a preview is offered for, apart from the preview itself (FilePreview.tsx): a list of
 * files asks this of every file, and only the file someone opens needs the preview's dialog.
 */
import { CONVERTIBLE, PREVIEWABLE, extOf } from '../../shared/fileTypes.js';

export interface PreviewTarget {
  id: number;
  fileName: string;
  fileSuffix?: string;
}

/** Whether a preview is worth asking for (the server decides for sure, from the real content). */
export function canPreview(file: { fileName: string; fileSuffix?: string }): boolean {
  const ext = (file.fileSuffix || extOf(file.fileName)).toLowerCase();
  return !!PREVIEWABLE[ext] || !!CONVERTIBLE[ext];
}

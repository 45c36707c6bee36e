import { extOf } from '../../../shared/fileTypes.js';

const MAX_CHARS = 120;

/**
 * A user's file name made safe to show and to offer as a download name. It never reaches a path
 * (storage keys are md5s and ids); this only keeps the display honest: no folders, no control or
 * direction-override characters, nothing a desktop refuses in a file name, a bounded length.
 */
export function sanitizeFileName(raw: unknown): string {
  let name = typeof raw === 'string' ? raw.normalize('NFC') : '';
  name = name.split(/[\\/]/).pop() ?? '';
  name = name
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const chars = [...name];
  if (chars.length > MAX_CHARS) {
    const ext = extOf(name);
    const keep = ext && ext.length <= 10 ? `.${ext}` : '';
    name =
      chars
        .slice(0, MAX_CHARS - [...keep].length)
        .join('')
        .replace(/[\s.]+$/, '') + keep;
  }
  return name || 'file';
}

import type { AppContext } from '../AppContext.js';
import type { FileRules } from '../../../shared/fileTypes.js';
import { RICH_TEXT_IMAGES, fileRulesOf, tooLargeMessage, UPLOAD_MESSAGES } from '../../../shared/fileTypes.js';
import { AppError } from '../http/AppError.js';
import { contentMatchesExt, type ContentKind } from './sniff.js';

/**
 * The type set and limits of the `files` field a belongType names ("announcement.attachments").
 * Anything else gets the defaults (general set, 5 files, 10 MB); a file is checked again against
 * the real field when a record takes it (resolveFileRefs).
 */
export function rulesFor(ctx: AppContext, belongType: string | null | undefined): FileRules {
  const [entityName, fieldName] = (belongType ?? '').split('.');
  const field = fieldName ? ctx.schemas.entities.get(entityName)?.fields?.[fieldName] : undefined;
  if (field?.type === 'richtext') return fileRulesOf(RICH_TEXT_IMAGES);
  return fileRulesOf(field?.type === 'files' ? field : undefined);
}

/** Refuses a file whose extension, real content or size the rules do not allow. */
export function checkFile(rules: FileRules, ext: string, kind: ContentKind | null, size: number | null): void {
  if (!rules.accept.includes(ext)) throw new AppError(UPLOAD_MESSAGES.wrongType);
  if (kind !== null && !contentMatchesExt(ext, kind)) throw new AppError(UPLOAD_MESSAGES.wrongType);
  if (size !== null && rules.maxBytes >= 0 && size > rules.maxBytes)
    throw new AppError(tooLargeMessage(rules.maxSizeMb));
}

export const MD5_RE = /^[0-9a-f]{32}$/;
export const EXT_RE = /^[a-z0-9]{1,10}$/;
/** More chunks than this is a client bug or an attack. */
export const MAX_CHUNKS = 100_000;

export function normaliseMd5(value: unknown): string {
  const md5 = typeof value === 'string' ? value.toLowerCase() : '';
  if (!MD5_RE.test(md5)) throw AppError.invalid();
  return md5;
}

export function normaliseExt(value: unknown): string {
  const ext = typeof value === 'string' ? value.replace(/^\./, '').toLowerCase() : '';
  if (!EXT_RE.test(ext)) throw new AppError(UPLOAD_MESSAGES.wrongType);
  return ext;
}

export function positiveInt(value: unknown, max = Number.MAX_SAFE_INTEGER): number {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1 || n > max) throw AppError.invalid();
  return n;
}

export function optionalInt(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) throw AppError.invalid();
  return n;
}

// A request body's values as the engine takes them: ids and versions checked, and the one shape
// of a refusal that names its field.
import { AppError } from '../http/AppError.js';
import { MAX_ID } from '../http/inputGuard.js';
import type { FieldError } from './validate.js';

export function invalid(field: string, message: string, label = field): AppError {
  const details: FieldError[] = [{ field, label, message }];
  return AppError.invalid(details);
}

export function parseId(v: unknown, field = 'id'): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : Number.NaN;
  if (!Number.isSafeInteger(n) || n <= 0 || n > MAX_ID) throw invalid(field, `${field}格式不正确`);
  return n;
}

export function parseVersion(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw invalid('version', '缺少版本号，请刷新后重试', '版本');
  return n;
}

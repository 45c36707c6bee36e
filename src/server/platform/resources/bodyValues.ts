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

/**
 * The transition a save body asks to fire once it is saved (`_action`, a form's 提交), with its
 * `_comment`; null when it asks none.
 */
export function actionOf(body: Record<string, unknown>): string | null {
  const { _action: action, _comment: comment } = body;
  if (comment !== undefined && comment !== null && typeof comment !== 'string')
    throw invalid('comment', '意见格式不正确', '意见');
  if (action === undefined || action === null) return null;
  if (typeof action !== 'string' || action === '' || action.length > 48)
    throw invalid('action', '操作格式不正确', '操作');
  return action;
}

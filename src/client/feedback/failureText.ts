import { fieldErrorsOf } from '../../shared/fieldErrors.js';

/** A refused call as one line for a page or widget: its field messages when it has any, else its message. */
export function failureText(e: unknown): string {
  const errors = fieldErrorsOf((e as { data?: unknown })?.data);
  const fields = errors ? Object.values(errors).flat().filter(Boolean) : [];
  return fields.length ? fields.join('；') : (e as Error)?.message || '操作失败';
}

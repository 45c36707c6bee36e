import type { Form } from '@formily/core';
import { MESSAGES } from '../../../../shared/envelope.js';
import { fieldErrorsOf, refusalText } from '../../../../shared/fieldErrors.js';

interface Refusal {
  message?: unknown;
  data?: unknown;
  kind?: unknown;
}

/** A field the user can see now: mounted (its step is the one shown) and not hidden by a rule. */
function onScreen(field: { mounted?: boolean; visible?: boolean; display?: string }): boolean {
  return Boolean(field.mounted) && field.visible !== false && (field.display ?? 'visible') === 'visible';
}

/** Takes away the server's messages of an earlier refusal (a later save, or autosave, went through). */
export function clearRefusal(form: Form): void {
  form.query('*').forEach((field) => {
    if ('setFeedback' in field) field.setFeedback({ type: 'error', code: 'EffectError', messages: [] });
  });
}

/**
 * Tells the user why the server refused a save, from a form: each field message at its field when
 * that field is on screen, and every other one in the toast, so a message never stays behind a
 * step not shown, a hidden field or a field the page does not have (e.g. a rule over the notice).
 * When every message is at its field, the toast names those fields. Returns the toast text.
 * The call must have been silent: this is the one place the refusal is told.
 */
export function showRefusal(form: Form, error: unknown, toast: (text: string) => void): string | null {
  const e = (error ?? {}) as Refusal;
  // The request layer already warned (an upload under way); a lost session opened the login dialog.
  if (e.kind === 'uploadGate') return null;
  const errors = fieldErrorsOf(e.data);
  clearRefusal(form);
  const shown = new Set<string>();
  const titles: string[] = [];
  for (const [name, messages] of Object.entries(errors ?? {})) {
    form.query(name).take((field) => {
      if (!('setFeedback' in field)) return;
      field.setFeedback({ type: 'error', code: 'EffectError', messages });
      if (!onScreen(field)) return;
      shown.add(name);
      const title = (field as { title?: unknown }).title;
      titles.push(typeof title === 'string' && title ? title : name);
    });
  }
  const message = typeof e.message === 'string' && e.message ? e.message : MESSAGES.invalidParams;
  let text = refusalText(message, e.data, shown);
  // Every message is at its field: the toast says which fields to look at (a long form's field may
  // be out of sight), never the messages again.
  if (text === message && titles.length)
    text = `${message}，请按${titles.map((t) => `「${t}」`).join('、')}处的提示修改`;
  toast(text);
  return text;
}

/**
 * Field messages in a failed save's answer. The engine reports which fields failed in the
 * envelope's data; the shapes accepted here are { fields: { name: message } },
 * { errors: [{ field, message }] } and a bare [{ field, message }] (a JSON pointer like
 * "/title" is accepted for the field).
 */
export type FieldErrors = Record<string, string[]>;

function fieldName(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw === '') return null;
  return raw.replace(/^\/+/, '').replace(/^body\./, '').split('/')[0] || null;
}

function fromList(list: unknown[], out: FieldErrors): void {
  for (const item of list) {
    if (!item || typeof item !== 'object') continue;
    const r = item as Record<string, unknown>;
    const name = fieldName(r.field ?? r.path ?? r.name ?? r.instancePath);
    const message = r.message ?? r.msg;
    if (name && typeof message === 'string') (out[name] ??= []).push(message);
  }
}

export function fieldErrorsOf(data: unknown): FieldErrors | null {
  const out: FieldErrors = {};
  if (Array.isArray(data)) fromList(data, out);
  else if (data && typeof data === 'object') {
    const d = data as Record<string, unknown>;
    if (Array.isArray(d.errors)) fromList(d.errors, out);
    if (d.fields && typeof d.fields === 'object' && !Array.isArray(d.fields)) {
      for (const [k, v] of Object.entries(d.fields as Record<string, unknown>)) {
        const msgs = Array.isArray(v) ? v.filter((m): m is string => typeof m === 'string') : typeof v === 'string' ? [v] : [];
        if (msgs.length) (out[k] ??= []).push(...msgs);
      }
    } else if (Array.isArray(d.fields)) fromList(d.fields, out);
  }
  return Object.keys(out).length ? out : null;
}

/**
 * Field messages in a refused call's answer. The engine reports which fields failed in the
 * envelope's data; the shapes accepted here are { fields: { name: message } },
 * { errors: [{ field, message }] } and a bare [{ field, message }] (a JSON pointer like
 * "/title" is accepted for the field, and a path into a field's rows like "members[0].idCard"
 * belongs to the field "members"). Shared by the request layer (its toast) and the page runtime
 * (messages at the fields).
 */
export type FieldErrors = Record<string, string[]>;

function fieldName(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw === '') return null;
  return (
    raw
      .replace(/^\/+/, '')
      .replace(/^body\./, '')
      .split(/[/.[]/)[0] || null
  );
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
        const msgs = Array.isArray(v)
          ? v.filter((m): m is string => typeof m === 'string')
          : typeof v === 'string'
            ? [v]
            : [];
        if (msgs.length) (out[k] ??= []).push(...msgs);
      }
    } else if (Array.isArray(d.fields)) fromList(d.fields, out);
  }
  return Object.keys(out).length ? out : null;
}

/** The generic refusal a field list comes with: the list says more than it. */
const GENERIC = new Set(['参数不合法']);

/**
 * What a refusal's toast says: its own sentence, unless that is only the generic 参数不合法 and the
 * answer names the fields; then the fields' messages (each names its field), once each.
 */
export function refusalText(message: string, data: unknown, except: ReadonlySet<string> = new Set()): string {
  const errors = fieldErrorsOf(data);
  if (!errors) return message;
  const told = [
    ...new Set(
      Object.entries(errors)
        .filter(([f]) => !except.has(f))
        .flatMap(([, m]) => m),
    ),
  ];
  if (!told.length) return message;
  return GENERIC.has(message) || !message ? told.join('；') : message;
}

import type { Rule } from './Rule.js';

const RECORD_VAR = /^record\.([A-Za-z0-9_]+)/;

/** A list's rules get the row as `record` and as `form`. */
export const ROW_VAR = /^(?:record|form)\.([A-Za-z0-9_]+)/;

/**
 * Record fields a rule reads: every `{"var": "record.x..."}` gives x. `vars` names the context
 * keys that hold the record (list pages give their rules the row as `record` and as `form`).
 */
export function ruleRecordFields(
  rule: Rule | undefined,
  out = new Set<string>(),
  vars: RegExp = RECORD_VAR,
): Set<string> {
  if (rule === null || rule === undefined || typeof rule !== 'object') return out;
  if (Array.isArray(rule)) {
    for (const r of rule) ruleRecordFields(r, out, vars);
    return out;
  }
  for (const [op, arg] of Object.entries(rule)) {
    if (op === 'var') {
      const name = Array.isArray(arg) ? arg[0] : arg;
      const m = typeof name === 'string' ? vars.exec(name) : null;
      if (m) out.add(m[1]);
    } else ruleRecordFields(arg as Rule, out, vars);
  }
  return out;
}

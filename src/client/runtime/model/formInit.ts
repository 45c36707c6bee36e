/**
 * What a new record starts with and which draft a form page continues (FormPageDef.initialValues,
 * autosave.resumeBy). Headless: tested without React.
 */
import { evaluate, type RuleContext } from '../../../shared/rules/evaluate.js';
import type { EntityDef, FormPageDef, ListRequest } from '../../../shared/schema/types.js';

/** The page's initial values for a new record, typed as the entity's fields (query values arrive as text). */
export function initialValuesOf(page: FormPageDef, entity: EntityDef, ctx: RuleContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, rule] of Object.entries(page.initialValues ?? {})) {
    let v = evaluate(rule, ctx);
    if (v === null || v === undefined || v === '') continue;
    const def = entity.fields[field];
    if ((def?.type === 'integer' || def?.type === 'number') && typeof v === 'string') {
      const n = Number(v);
      if (!Number.isFinite(n)) continue;
      v = n;
    }
    out[field] = v;
  }
  return out;
}

/**
 * The list request finding the user's draft to continue: own records in the initial status whose
 * resumeBy fields equal the initial values; null when the page does not resume or a value is missing.
 */
export function resumeRequest(
  page: FormPageDef,
  initialStatus: string | undefined,
  initial: Record<string, unknown>,
  userId: string | undefined,
): ListRequest | null {
  const by = page.autosave?.resumeBy;
  if (!by?.length || initialStatus === undefined || !userId) return null;
  if (by.some((f) => initial[f] === undefined || initial[f] === null || initial[f] === '')) return null;
  return {
    page: 1,
    pageSize: 1,
    filters: [
      { field: 'ownerId', op: 'eq', value: userId },
      { field: 'status', op: 'eq', value: initialStatus },
      ...by.map((f) => ({ field: f, op: 'eq' as const, value: initial[f] as string | number })),
    ],
    sort: { field: 'updatedAt', order: 'desc' },
  };
}

/** Whether values differ from what was last saved (autosave only saves real changes). */
export function snapshotOf(values: Record<string, unknown>, fields: string[]): string {
  return JSON.stringify(fields.map((f) => values[f] ?? null));
}

/** Whether a rule reads `{"var": "<root>..."}` anywhere (e.g. the profile, fetched only when read). */
function reads(rule: unknown, root: string): boolean {
  if (Array.isArray(rule)) return rule.some((r) => reads(r, root));
  if (!rule || typeof rule !== 'object') return false;
  return Object.entries(rule).some(([op, arg]) => {
    if (op === 'var') {
      const path = Array.isArray(arg) ? arg[0] : arg;
      return typeof path === 'string' && (path === root || path.startsWith(`${root}.`));
    }
    return reads(arg, root);
  });
}

/** Whether the page's initial values read the user's own profile ({"var": "profile.idCardNo"}). */
export function readsProfile(page: FormPageDef): boolean {
  return Object.values(page.initialValues ?? {}).some((rule) => reads(rule, 'profile'));
}

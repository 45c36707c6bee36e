/**
 * The schema's field rules as Formily effects, computed in code with the shared evaluator (no
 * `{{ }}` strings, nothing compiled at run time, so the page runs under a strict CSP).
 * onFieldReact re-runs a rule when a form value it reads changes; the evaluator checks own
 * properties (which the reactive proxy does not track), so every `form.*` path a rule names is read
 * through the form first to subscribe to it.
 */
import { onFieldReact, type Field, type Form } from '@formily/core';
import { toJS } from '@formily/reactive';
import type { Rule } from '../../../shared/rules/Rule.js';
import { test, type RuleContext } from '../../../shared/rules/evaluate.js';
import type { FieldRules, FormMode } from './formSchema.js';
import { ruleContext, type RuleInputs } from './ruleContext.js';

/** Every `var` path a rule reads (dynamic paths built by nested rules are not followed). */
export function varPaths(rule: unknown, out: string[] = []): string[] {
  if (rule === null || typeof rule !== 'object') return out;
  if (Array.isArray(rule)) {
    for (const r of rule) varPaths(r, out);
    return out;
  }
  for (const [op, arg] of Object.entries(rule)) {
    if (op === 'var') {
      const p = Array.isArray(arg) ? arg[0] : arg;
      if (typeof p === 'string') out.push(p);
      else varPaths(p, out);
    } else varPaths(arg, out);
  }
  return out;
}

function formPaths(rules: FieldRules): string[] {
  const paths = [r(rules.visible), r(rules.required), r(rules.disabled)].flat();
  // The entity's requiredWhen reads `record.*`: the form's values where the form holds them.
  const record = r(rules.requiredWhen).map((p) => (p.startsWith('record.') ? `form.${p.slice(7)}` : p));
  return [...new Set([...paths, ...record].filter((p) => p.startsWith('form.')).map((p) => p.slice(5)))];
  function r(rule: Rule | undefined) {
    return rule === undefined ? [] : varPaths(rule);
  }
}

/**
 * Whether the field is required now: the page's rule over the form, or the entity's requiredWhen
 * over the record as a save would leave it (the record overlaid with the form's values), as the
 * server judges the save and the submit.
 */
function requiredNow(r: FieldRules, ctx: RuleContext): boolean {
  const byPage = r.required !== undefined && test(r.required, ctx);
  const record = { ...(ctx.record as Record<string, unknown>), ...(ctx.form as Record<string, unknown>) };
  return byPage || (r.requiredWhen !== undefined && test(r.requiredWhen, { record }));
}

export function ruleEffects(rules: FieldRules[], inputs: () => RuleInputs, mode: FormMode): (form: Form) => void {
  return (form: Form) => {
    for (const r of rules) {
      const watched = formPaths(r);
      onFieldReact(r.field, (gf) => {
        const field = gf as Field;
        for (const p of watched) form.getValuesIn(p);
        const ctx = ruleContext({ ...inputs(), form: toJS(form.values) as Record<string, unknown> });
        if (r.visible !== undefined) field.visible = test(r.visible, ctx);
        // Look mode is read-pretty as a whole: switching a field to editable/disabled would undo that.
        if (mode === 'look') return;
        if (r.required !== undefined || r.requiredWhen !== undefined) field.required = requiredNow(r, ctx);
        if (r.disabled !== undefined && field.pattern !== 'readPretty') field.disabled = test(r.disabled, ctx);
      });
    }
  };
}

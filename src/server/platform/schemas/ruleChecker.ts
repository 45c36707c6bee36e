import type { EntityDef, WorkflowDef } from '../../../shared/schema/types.js';
import { lintRule } from '../../../shared/rules/evaluate.js';
import { ruleCostProblems } from '../../../shared/rules/ruleCost.js';
import type { SchemaSet } from './SchemaSet.js';
import type { AddProblem } from './checkMetaSchemas.js';
import { escapePointer } from './metaValidation.js';
import { hasField, RULE_USER_KEYS, statusCodes } from './entityModel.js';

/** Checks one rule written at `pointer` of `file`, reading `entity`'s records from the given roots. */
export type RuleCheck = (
  file: string,
  pointer: string,
  rule: unknown,
  entity: EntityDef | undefined,
  roots: string[],
) => void;

/** The rule check of a schema set: lints a rule and checks the record fields, user keys and status codes it names. */
export function ruleChecker(set: SchemaSet, add: AddProblem): RuleCheck {
  const workflowOf = (e: EntityDef | undefined): WorkflowDef | undefined =>
    e?.workflow ? set.workflows.get(e.workflow) : undefined;
  return (file: string, pointer: string, rule: unknown, entity: EntityDef | undefined, roots: string[]) => {
    for (const p of lintRule(rule, pointer)) add(file, p.path, p.message);
    for (const p of ruleCostProblems(rule, pointer)) add(file, p.path, p.message);
    const wf = workflowOf(entity);
    const statusField = wf?.field ?? 'status';
    walkRule(rule, pointer, (node, ptr) => {
      if ('var' in node) {
        const raw = (node as { var: unknown }).var;
        const p = Array.isArray(raw) ? raw[0] : raw;
        if (typeof p !== 'string' || p === '') return;
        const [head, second] = p.split('.');
        if (!roots.includes(head)) {
          add(file, `${ptr}/var`, `"${head}" is not readable here (use ${roots.join(', ')})`);
          return;
        }
        if (
          (head === 'record' || head === 'form') &&
          second &&
          second !== '_perm' &&
          entity &&
          !hasField(entity, second)
        ) {
          add(file, `${ptr}/var`, `unknown field "${second}" of entity "${entity.name}"`);
        }
        if (head === 'user' && second && !RULE_USER_KEYS.includes(second))
          add(file, `${ptr}/var`, `unknown user key "${second}" (use ${RULE_USER_KEYS.join(', ')})`);
        return;
      }
      // Status codes compared with the status field must exist in the workflow.
      if (!wf) return;
      const op = Object.keys(node)[0];
      if (!['==', '!=', 'in'].includes(op)) return;
      const args = (node as Record<string, unknown>)[op];
      if (!Array.isArray(args) || args.length !== 2) return;
      const codes = statusCodes(wf);
      args.forEach((side, i) => {
        const other = args[1 - i];
        const v =
          side && typeof side === 'object' && !Array.isArray(side) ? (side as { var?: unknown }).var : undefined;
        if (v !== `record.${statusField}` && v !== `form.${statusField}`) return;
        const literals = Array.isArray(other)
          ? other.map((x, j) => [x, `${ptr}/${op}/${1 - i}/${j}`] as const)
          : [[other, `${ptr}/${op}/${1 - i}`] as const];
        for (const [lit, lp] of literals) {
          if ((typeof lit === 'string' || typeof lit === 'number') && !codes.has(String(lit))) {
            add(file, lp, `unknown status code "${lit}" of workflow "${wf.name}"`);
          }
        }
      });
    });
  };
}

/** Visits every operator object of a rule with its JSON pointer. */
function walkRule(
  rule: unknown,
  pointer: string,
  visit: (node: Record<string, unknown>, pointer: string) => void,
): void {
  if (rule === null || typeof rule !== 'object') return;
  if (Array.isArray(rule)) {
    rule.forEach((r, i) => walkRule(r, `${pointer}/${i}`, visit));
    return;
  }
  const keys = Object.keys(rule);
  if (keys.length !== 1) return;
  visit(rule as Record<string, unknown>, pointer);
  if (keys[0] === 'var') return;
  walkRule((rule as Record<string, unknown>)[keys[0]], `${pointer}/${escapePointer(keys[0])}`, visit);
}

import type { RuleContext } from '../../../shared/rules/evaluate.js';

/** The user as rules see it: `{"var": "user.roleCode"}`. */
export interface RuntimeUser {
  userId: string;
  roleCode: string;
  areaCode?: string | null;
  roles?: string[];
  username?: string;
  realName?: string;
  orgName?: string | null;
  /** The sub-system the user works in (a page drawn per sub-system is drawn anew on a switch). */
  subSystemId?: string | number | null;
}

export interface RuleInputs {
  record?: Record<string, unknown> | null;
  form?: Record<string, unknown> | null;
  user?: RuntimeUser | null;
  query?: Record<string, string | undefined> | null;
  /** Epoch ms; injected so tests and snapshots do not depend on the clock. */
  now?: number;
}

/** Builds the one context shape the shared evaluator documents: { record, form, user, query, now }. */
export function ruleContext(inputs: RuleInputs): RuleContext {
  const user = inputs.user
    ? {
        userId: inputs.user.userId,
        roleCode: inputs.user.roleCode,
        areaCode: inputs.user.areaCode ?? null,
        roles: inputs.user.roles ?? [inputs.user.roleCode],
        orgName: inputs.user.orgName ?? null,
        realName: inputs.user.realName ?? null,
      }
    : null;
  return {
    record: inputs.record ?? {},
    form: inputs.form ?? inputs.record ?? {},
    user,
    query: inputs.query ?? {},
    now: inputs.now ?? Date.now(),
  };
}

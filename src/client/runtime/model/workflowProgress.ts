/**
 * Where a record is in its workflow, in words a person follows without the diagram: the steps it
 * took (from its operation log, oldest first) and the steps that may come next from its current
 * status, each with who acts. No layout library: an applicant's 流程 tab needs none.
 */
import { ROLE_NAMES, type RoleCode } from '../../../shared/roles.js';
import type { OperationLogRow, WorkflowDef } from '../../../shared/schema/types.js';

export interface TakenStep {
  /** The action's words (提交, 审核通过...). */
  action: string;
  /** The status it led to. */
  status: string;
  who: string;
  when: string;
  comment?: string;
}

export interface NextStep {
  action: string;
  /** The status it leads to. */
  status: string;
  /** Who acts: the roles that fire it, or 系统 for what the server does by itself (a deadline passing). */
  who: string;
}

export interface Progress {
  current: string | null;
  taken: TakenStep[];
  next: NextStep[];
}

const label = (wf: WorkflowDef, code: string | null | undefined) =>
  wf.statuses.find((s) => s.code === String(code ?? ''))?.label ?? String(code ?? '');

/** Who fires a transition, in words. */
export function actorWords(t: WorkflowDef['transitions'][number]): string {
  if (t.actor === 'system') return '系统自动处理';
  const roles = t.roles.map((r) => ROLE_NAMES[r as RoleCode] ?? r).join('、');
  return t.actor === 'owner' ? `${roles}（本人）` : roles;
}

export function workflowProgress(
  wf: WorkflowDef,
  current: string | null | undefined,
  log: OperationLogRow[],
): Progress {
  const taken = log
    .filter((r) => r.toStatus && r.toStatus !== r.fromStatus)
    .map((r) => ({
      action: r.actionLabel || r.action,
      status: label(wf, r.toStatus),
      who: r.userName ?? (r.userId ? '' : '系统'),
      when: String(r.createdAt),
      ...(r.comment ? { comment: r.comment } : {}),
    }));
  const code = current === null || current === undefined ? null : String(current);
  // A step offered from most statuses (撤回, 终止) is no "next step" of this one: it is always there.
  const half = wf.statuses.length / 2;
  const seen = new Set<string>();
  const next: NextStep[] = [];
  for (const t of wf.transitions) {
    if (code === null || !t.from.includes(code) || t.from.length > half) continue;
    const to = t.toByFrom?.[code] ?? t.to;
    const step = { action: t.label, status: label(wf, to), who: actorWords(t) };
    const key = `${step.action}|${step.status}|${step.who}`;
    if (seen.has(key)) continue;
    seen.add(key);
    next.push(step);
  }
  // What people do first, what the system does by itself after.
  next.sort((a, b) => Number(a.who === '系统自动处理') - Number(b.who === '系统自动处理'));
  return { current: code === null ? null : label(wf, code), taken, next };
}

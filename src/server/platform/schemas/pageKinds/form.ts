import type { FormPageDef } from '../../../../shared/schema/types.js';
import { PAGE_RULE_ROOTS as roots, pageEntity, type PageKindCheck } from './PageCheck.js';

/** A form: the fields of its sections or steps, their widgets and rules, where it goes, its submit transition. */
export const check: PageKindCheck<FormPageDef> = (f, p, c) => {
  const bound = pageEntity(f, p, c);
  if (!bound) return;
  const { entity: e, publicFields: pub } = bound;
  const sections = p.sections
    ? p.sections.map((s, i) => [s, `/sections/${i}`] as const)
    : (p.steps ?? []).flatMap((st, si) =>
        (st.sections ?? []).map((s, i) => [s, `/steps/${si}/sections/${i}`] as const),
      );
  for (const [s, sp] of sections) {
    if (s.visible !== undefined) c.checkRule(f, `${sp}/visible`, s.visible, e, roots);
    (Array.isArray(s.fields) ? s.fields : []).forEach((ff, i) => {
      const ptr = `${sp}/fields/${i}`;
      c.checkField(f, `${ptr}/field`, e, ff.field, pub);
      c.checkWidget(f, `${ptr}/widget`, ff.widget);
      for (const k of ['visible', 'required', 'disabled'] as const)
        if (ff[k] !== undefined) c.checkRule(f, `${ptr}/${k}`, ff[k], e, roots);
    });
  }
  if (p.afterSave) c.checkRoute(f, '/afterSave', p.afterSave);
  if (p.submitAction) {
    const wf = c.workflowOf(e);
    if (!wf) c.add(f, '/submitAction/action', `entity "${e.name}" has no workflow`);
    else if (!wf.transitions.some((t) => t.action === p.submitAction!.action))
      c.add(f, '/submitAction/action', `unknown transition "${p.submitAction.action}" of workflow "${wf.name}"`);
  }
};

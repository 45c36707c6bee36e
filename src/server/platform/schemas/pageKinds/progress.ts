/**
 * The progress kind's keys are read by the review endpoints; here only what they name elsewhere:
 * where 返回 and a task go.
 */
import type { ProgressPageDef } from '../../../../shared/schema/types.js';
import { pageEntity, type PageKindCheck } from './PageCheck.js';

export const check: PageKindCheck<ProgressPageDef> = (f, p, c) => {
  if (!pageEntity(f, p, c)) return;
  c.checkRoute(f, '/back', p.back);
  c.checkRoute(f, '/taskTo', p.taskTo?.split('?')[0]);
};

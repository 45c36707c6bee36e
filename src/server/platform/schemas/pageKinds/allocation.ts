/**
 * The allocation kind's keys are read by the review endpoints; here only what they name elsewhere:
 * where 返回 goes.
 */
import type { AllocationPageDef } from '../../../../shared/schema/types.js';
import { pageEntity, type PageKindCheck } from './PageCheck.js';

export const check: PageKindCheck<AllocationPageDef> = (f, p, c) => {
  if (pageEntity(f, p, c)) c.checkRoute(f, '/back', p.back);
};

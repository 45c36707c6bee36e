/**
 * The review module's page kinds (allocation, progress, ranking): their own keys are read by the
 * review endpoints; here only what they name elsewhere: where 返回 and a task go, the decision's dictionary.
 */
import type { AllocationPageDef, ProgressPageDef, RankingPageDef } from '../../../../shared/schema/types.js';
import { pageEntity, type PageKindCheck } from './PageCheck.js';

export const checkAllocationPage: PageKindCheck<AllocationPageDef> = (f, p, c) => {
  if (pageEntity(f, p, c)) c.checkRoute(f, '/back', p.back);
};

export const checkProgressPage: PageKindCheck<ProgressPageDef> = (f, p, c) => {
  if (!pageEntity(f, p, c)) return;
  c.checkRoute(f, '/back', p.back);
  c.checkRoute(f, '/taskTo', p.taskTo?.split('?')[0]);
};

export const checkRankingPage: PageKindCheck<RankingPageDef> = (f, p, c) => {
  if (!pageEntity(f, p, c)) return;
  c.checkRoute(f, '/back', p.back);
  if (p.decide && !c.set.dictionaries.has(p.decide.dict))
    c.add(f, '/decide/dict', `unknown dictionary type "${p.decide.dict}"`);
};

/**
 * The ranking kind's keys are read by the review endpoints; here only what they name elsewhere:
 * where 返回 goes, the decision's dictionary.
 */
import type { RankingPageDef } from '../../../../shared/schema/types.js';
import { pageEntity, type PageKindCheck } from './PageCheck.js';

export const check: PageKindCheck<RankingPageDef> = (f, p, c) => {
  if (!pageEntity(f, p, c)) return;
  c.checkRoute(f, '/back', p.back);
  if (p.decide && !c.set.dictionaries.has(p.decide.dict))
    c.add(f, '/decide/dict', `unknown dictionary type "${p.decide.dict}"`);
};

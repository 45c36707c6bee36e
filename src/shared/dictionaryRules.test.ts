import { describe, expect, it } from 'vitest';
import { REVIEW_STAGE_DICTIONARY, applyDictionaryRules } from './dictionaryRules.js';

const stages = [
  { text: '申报评审', value: '1' },
  { text: '开题评审', value: '2' },
  { text: '中期评审', value: '3' },
  { text: '成果鉴定评审', value: '4' },
  { text: '结题评审', value: '5' },
];

describe('applyDictionaryRules', () => {
  it('drops review stage 4 when isTopicAppraisal is 0, in any spelling', () => {
    for (const flag of [0, '0', false] as const) {
      expect(
        applyDictionaryRules(REVIEW_STAGE_DICTIONARY, stages, { isTopicAppraisal: flag }).map((o) => o.value),
      ).toEqual(['1', '2', '3', '5']);
    }
  });
  it('keeps stage 4 when the flag is 1 or absent', () => {
    expect(applyDictionaryRules(REVIEW_STAGE_DICTIONARY, stages, { isTopicAppraisal: 1 })).toHaveLength(5);
    expect(applyDictionaryRules(REVIEW_STAGE_DICTIONARY, stages, { isTopicAppraisal: '1' })).toHaveLength(5);
    expect(applyDictionaryRules(REVIEW_STAGE_DICTIONARY, stages)).toHaveLength(5);
    expect(applyDictionaryRules(REVIEW_STAGE_DICTIONARY, stages, { isTopicAppraisal: null })).toHaveLength(5);
  });
  it('matches numeric values and id-keyed options too', () => {
    const numeric = [
      { id: 3, name: '中期' },
      { id: 4, name: '成果鉴定' },
    ];
    expect(applyDictionaryRules(REVIEW_STAGE_DICTIONARY, numeric, { isTopicAppraisal: 0 })).toEqual([
      { id: 3, name: '中期' },
    ]);
  });
  it('leaves other dictionaries alone and never mutates the input', () => {
    const other = [{ value: '4', text: 'x' }];
    expect(applyDictionaryRules('sjzt', other, { isTopicAppraisal: 0 })).toEqual(other);
    const copy = applyDictionaryRules(REVIEW_STAGE_DICTIONARY, stages, { isTopicAppraisal: 0 });
    expect(stages).toHaveLength(5);
    expect(copy).not.toBe(stages);
  });
});

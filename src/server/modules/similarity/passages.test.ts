import { describe, expect, it } from 'vitest';
import { matchingPassages, sentences } from './passages.js';
import { lettersOf, shingleHashes } from './shingles.js';

const A = '课题组在三所学校开展了行动研究。学生的阅读兴趣明显提高。教师形成了一批优秀课例。';

describe('matching passages', () => {
  it('splits sentences at their marks and blank lines, not where a PDF broke the line', () => {
    expect(sentences('第一句。第二句！\n第三行\n接着写完。\n\n标题')).toEqual([
      '第一句。',
      '第二句！',
      '第三行接着写完。',
      '标题',
    ]);
  });

  it('pairs reworded and moved sentences with their originals, and leaves new ones out', () => {
    const ours = '学生的阅读兴趣显著提高。我们新增了家校合作的内容，这是原文没有的。课题组在三所学校开展了行动研究。';
    const out = matchingPassages(ours, A);
    expect(out.map((p) => p.theirs)).toEqual(['学生的阅读兴趣明显提高。', '课题组在三所学校开展了行动研究。']);
    expect(out[1].share).toBe(1);
  });

  it('counts no boilerplate shingle: a sentence made of the template matches nothing', () => {
    const template = '一、课题研究的目标内容与方法';
    const boilerplate = new Set(shingleHashes(lettersOf(template).chars));
    expect(matchingPassages(`${template}。`, `${template}。`, boilerplate)).toEqual([]);
    expect(matchingPassages(`${template}。`, `${template}。`)).toHaveLength(1);
  });
});

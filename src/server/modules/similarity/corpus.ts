import { DEMO_REPORTS, type DemoReport } from './demoTexts.js';
import { SYNONYMS } from './synonyms.js';

/**
 * The corpus the duplicate check is measured on (corpus.test.ts) and the documents the bench
 * indexes: the demo reports, copies of them altered the ways a copy is disguised, and texts on
 * the same subjects written from other sentences.
 */

/** A small seeded generator (mulberry32), so a corpus is the same on every run. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], rand: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/** A paragraph's sentences, each with its closing mark. */
export function sentencesOf(paragraph: string): string[] {
  return paragraph.match(/[^。！？；]+[。！？；]?/g) ?? [];
}

/** Sentences shuffled inside each paragraph, and the paragraphs after the first shuffled. */
export function reorder(paragraphs: string[], rand: () => number): string[] {
  const each = paragraphs.map((p) => shuffle(sentencesOf(p), rand).join(''));
  return [each[0], ...shuffle(each.slice(1), rand)];
}

/**
 * Replaces `share` of the text's words (Intl.Segmenter's Chinese words) by a near-synonym,
 * picked at random among the words the table knows; answers the share actually replaced (short
 * of `share` only when the table knows too few of the text's words).
 */
export function replaceSynonyms(
  paragraphs: string[],
  share: number,
  rand: () => number,
): { paragraphs: string[]; replaced: number } {
  const words = paragraphs.map((p) => [...segmenter.segment(p)].map((s) => ({ text: s.segment, word: s.isWordLike })));
  const all = words.flat().filter((w) => w.word);
  const known = shuffle(
    all.filter((w) => SYNONYMS.has(w.text)),
    rand,
  );
  const target = Math.round(all.length * share);
  for (const w of known.slice(0, target)) w.text = SYNONYMS.get(w.text)!;
  return {
    paragraphs: words.map((p) => p.map((w) => w.text).join('')),
    replaced: Math.min(target, known.length) / Math.max(1, all.length),
  };
}

const OPENINGS = [
  '围绕{t}，课题组首先对本地区的现状进行了梳理。',
  '{t}是近年来教育改革中备受关注的话题。',
  '我们在开展{t}的过程中遇到了不少新情况。',
  '关于{t}，已有文献多从理论层面加以讨论。',
  '为回应一线学校在{t}方面的困惑，本课题确定了研究方向。',
];
const BODY = [
  '课题组先后走访了多所学校，与校长、教研员和一线教师座谈，听取他们的意见。',
  '研究初期，我们查阅了国内外的相关论著，撰写了文献综述，明确了核心概念的内涵。',
  '在研究方法上，本课题综合运用了问卷调查、课堂观察、个案追踪和经验总结等方法。',
  '每学期末，课题组都会召开阶段总结会，对照计划检查进展，查找存在的不足。',
  '我们邀请高校专家担任顾问，定期来校指导，帮助课题组厘清研究思路。',
  '为了保证数据的可靠性，问卷经过了两轮试测和修订，回收率达到百分之九十以上。',
  '在实验学校中，我们选择了不同办学条件的学校，以便检验做法的普适性。',
  '研究过程中也暴露出一些困难，比如参研教师工作量大、时间难以保证。',
  '课题组建立了工作微信群和共享文档，及时交流研究资料和课堂实录。',
  '部分参研教师在研究中撰写的论文发表在省级以上刊物上。',
  '学校把课题研究与日常教研结合起来，避免研究和教学两张皮。',
  '我们还注意收集学生的作品和反馈，作为评价研究成效的重要依据。',
  '在推广阶段，课题组通过送教下乡和网络直播等方式分享经验。',
  '从调查结果看，不同学段、不同地区之间的差距仍然比较大。',
  '研究的局限在于样本数量有限，结论的推广还需要更多实证检验。',
  '参研学校的校长高度重视，为课题研究提供了经费和场地保障。',
  '课题组坚持问题导向，力求研究成果能够真正服务于课堂。',
  '我们把研究中形成的做法整理成操作要点，供其他学校借鉴。',
  '结合{t}的特点，课题组制定了分阶段的实施计划和评价指标。',
  '教师们普遍反映，参与{t}让他们对教育教学有了新的认识。',
  '针对{t}中出现的新问题，我们及时调整了研究重点和实施策略。',
  '在{t}的实践中，学校管理者的理念转变起到了至关重要的作用。',
];

/** A text on `topic` of `n` paragraphs written from sentences no demo report uses. */
export function sameSubjectText(topic: string, n: number, rand: () => number): string[] {
  const fill = (s: string) => s.replaceAll('{t}', topic);
  return Array.from({ length: n }, (_, i) => {
    const lead = i === 0 ? [OPENINGS[Math.floor(rand() * OPENINGS.length)]] : [];
    return [...lead, ...shuffle(BODY, rand).slice(0, 4)].map(fill).join('');
  });
}

/** The subject of a report: its title without the closing 研究 words. */
export function subjectOf(r: DemoReport): string {
  return r.title.replace(/(实践研究|策略研究|研究)$/, '');
}

export interface Altered {
  source: number;
  kind: string;
  text: string;
  /** Share of the words replaced by synonyms, when the kind replaces any. */
  replaced?: number;
}

/** Every altered copy of every demo report, `rounds` times with other random choices. */
export function alteredCopies(rounds: number, seed = 1): Altered[] {
  const out: Altered[] = [];
  for (let round = 0; round < rounds; round++) {
    DEMO_REPORTS.forEach((r, source) => {
      const rand = rng(seed + round * 1000 + source);
      const text = (ps: string[]) => [r.title, ...ps].join('\n');
      const ps = r.paragraphs;
      const topic = subjectOf(r);
      out.push({ source, kind: '语句重排', text: text(reorder(ps, rand)) });
      for (const share of [0.1, 0.2, 0.3]) {
        const s = replaceSynonyms(ps, share, rand);
        out.push({ source, kind: `同义替换${share * 100}%`, text: text(s.paragraphs), replaced: s.replaced });
      }
      const added = sameSubjectText(topic, 2, rand);
      const at = 1 + Math.floor(rand() * (ps.length - 1));
      out.push({ source, kind: '插入段落', text: text([...ps.slice(0, at), ...added, ...ps.slice(at)]) });
      const gone = 1 + Math.floor(rand() * (ps.length - 2));
      out.push({ source, kind: '删除段落', text: text(ps.filter((_, i) => i !== gone && i !== gone + 1)) });
      const mixed = replaceSynonyms(reorder(ps.slice(0, -1), rand), 0.2, rand);
      out.push({
        source,
        kind: '综合改写',
        text: text([...mixed.paragraphs, ...sameSubjectText(topic, 1, rand)]),
        replaced: mixed.replaced,
      });
    });
  }
  return out;
}

/** Texts on each report's subject that copy nothing, `each` per report. */
export function sameSubjectTexts(each: number, seed = 7): { source: number; text: string }[] {
  return DEMO_REPORTS.flatMap((r, source) =>
    Array.from({ length: each }, (_, i) => {
      const rand = rng(seed + source * 100 + i);
      return { source, text: [r.title, ...sameSubjectText(subjectOf(r), 5, rand)].join('\n') };
    }),
  );
}

// The demo review data: the scoring sheet, recommendations and the expert library of the demo cities.

export const DEMO_CRITERIA = [
  {
    name: '选题价值',
    maxScore: 30,
    weight: 1,
    guidance: '选题是否切合教育教学实际，问题是否明确、有推广价值',
    anchors: '27-30分 选题新颖、价值突出；18-26分 有一定价值；18分以下 价值不明',
  },
  {
    name: '研究设计',
    maxScore: 40,
    weight: 1,
    guidance: '研究目标、内容、方法与步骤是否清晰可行',
    anchors: '36-40分 设计严谨、方法得当；24-35分 基本可行；24分以下 设计欠缺',
  },
  {
    name: '研究基础',
    maxScore: 30,
    weight: 1,
    guidance: '课题组前期成果、人员结构与保障条件',
    anchors: '27-30分 基础扎实；18-26分 基础一般；18分以下 基础薄弱',
  },
];
/** The demo's marks are written on the 立项 sheet's scale (30, 40, 30). */
const MARK_SCALE = [30, 40, 30];

/**
 * Demo marks given on the 立项 scale, as scores of a batch's own criteria by position (a 中期
 * sheet's first item counts 40): every stage's demo batch is scored on its own sheet.
 */
export function demoMarks(
  criteria: Array<{ name: string; maxScore: number }>,
  marks: number[],
): Record<string, number> {
  const out: Record<string, number> = {};
  marks.forEach((m, i) => {
    const c = criteria[i];
    if (c) out[c.name] = Math.min(c.maxScore, Math.round((m * c.maxScore) / (MARK_SCALE[i] ?? c.maxScore)));
  });
  return out;
}
export const DEMO_EXPERTS = [
  {
    name: '王专家',
    account: 'expert1',
    unit: '师范大学教育学院',
    area: '1123',
    subject: '3',
    title: '教授',
    mobile: '13800000007',
  },
  {
    name: '赵专家',
    account: 'expert2',
    unit: '教育科学研究所',
    area: '1101',
    subject: '2',
    title: '研究员',
    mobile: '13800000008',
  },
  {
    name: '刘老师',
    account: 'multi',
    unit: '第三实验中学',
    area: '1101',
    subject: '5',
    title: '高级教师',
    mobile: '13800000009',
  },
  {
    name: '陈教授',
    account: 'zjchen',
    unit: '省教育科学研究院',
    area: '1101',
    subject: '1',
    title: '教授',
    mobile: '13910000001',
  },
  {
    name: '杨研究员',
    account: 'zjyang',
    unit: '定州市教研室',
    area: '1123',
    subject: '4',
    title: '研究员',
    mobile: '13910000002',
  },
  {
    name: '黄校长',
    account: 'zjhuang',
    unit: '第七中学',
    area: '1123',
    subject: '6',
    title: '正高级教师',
    mobile: '13910000003',
  },
  {
    name: '吴教授',
    account: 'zjwu',
    unit: '师范学院心理系',
    area: '1101',
    subject: '12',
    title: '教授',
    mobile: '13910000004',
  },
  {
    name: '郑老师',
    account: 'zjzheng',
    unit: '第八中学',
    area: '1123',
    subject: '7',
    title: '高级教师',
    mobile: '13910000005',
  },
];

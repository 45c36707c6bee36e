// Which demo topics there are and how each reached its status: the workflow steps walked after the
// draft, and what was said on the way.

/** The way a topic walks to each status: [action, to, actor] steps after the draft (WORKFLOW.md). */
export type Step = [action: string, to: string, actor: 'leader' | 'city' | 'province' | 'system'];
const MAIN: Step[] = [
  ['submit', '2', 'leader'],
  ['cityApprove', '4', 'city'],
  ['provinceApprove', '53', 'province'],
  ['provinceApprove', '6', 'province'],
  ['submit', '7', 'leader'],
  ['cityApprove', '8', 'city'],
  ['provinceApprove', '9', 'province'],
  ['submit', '11', 'leader'],
  ['cityApprove', '13', 'city'],
  ['provinceApprove', '29', 'province'],
  ['submit', '31', 'leader'],
  ['cityApprove', '33', 'city'],
  ['provinceApprove', '14', 'province'],
  ['submit', '16', 'leader'],
  ['cityApprove', '79', 'city'],
  ['provinceApprove', '18', 'province'],
];
/** Statuses off the main path: the main status they branch from and the step into them. */
const SIDE: Record<string, [string, Step]> = {
  1: ['2', ['sendCityReview', '1', 'city']],
  902: ['2', ['cityReturn', '902', 'city']],
  904: ['4', ['provinceReturn', '904', 'province']],
  5: ['7', ['sendCityReview', '5', 'city']],
  907: ['7', ['cityReturn', '907', 'city']],
  28: ['8', ['provinceReturn', '28', 'province']],
  10: ['11', ['sendCityReview', '10', 'city']],
  911: ['11', ['cityReturn', '911', 'city']],
  30: ['31', ['sendCityReview', '30', 'city']],
  931: ['31', ['cityReturn', '931', 'city']],
  15: ['16', ['sendCityReview', '15', 'city']],
  916: ['16', ['cityReturn', '916', 'city']],
  979: ['79', ['provinceReturn', '979', 'province']],
  34: ['6', ['expire', '34', 'system']],
  24: ['9', ['withdraw', '24', 'system']],
};
export const COMMENTS: Record<string, string> = {
  cityReturn: '材料不完整，请补充研究基础与预期成果的说明后重新提交。',
  provinceReturn: '研究目标表述过宽，请聚焦核心问题并细化阶段安排。',
  cityApprove: '同意推荐。',
  provinceApprove: '同意。',
  withdraw: '变更申请：终止研究',
};

export function pathTo(status: string): Step[] {
  if (status === '0') return [];
  const side = SIDE[status];
  const main = side ? side[0] : status;
  const i = MAIN.findIndex((s) => s[1] === main);
  if (i < 0) throw new Error(`no demo path to ${status}`);
  return side ? [...MAIN.slice(0, i + 1), side[1]] : MAIN.slice(0, i + 1);
}

/** One demo topic per status, in this order, named from NAMES in turn. */
export const STATUSES = [
  '0',
  '2',
  '902',
  '4',
  '904',
  '53',
  '6',
  '7',
  '907',
  '8',
  '9',
  '10',
  '11',
  '911',
  '13',
  '29',
  '30',
  '31',
  '931',
  '33',
  '14',
  '15',
  '16',
  '916',
  '79',
  '979',
  '18',
  '28',
  '34',
  '24',
  '1',
  '5',
];
export const NAMES = [
  '核心素养导向的初中数学单元教学设计研究',
  '“双减”背景下小学作业设计与实施研究',
  '县域普通高中多样化发展路径研究',
  '乡村学校劳动教育课程建设实践研究',
  '信息技术支持下的课堂精准教学研究',
  '幼小衔接阶段儿童学习适应性研究',
  '中小学心理健康教育体系构建研究',
  '跨学科主题学习的设计与评价研究',
  '大单元视角下高中语文整本书阅读研究',
  '区域教研共同体促进教师专业发展研究',
  '农村留守儿童家校协同育人机制研究',
  '初中物理实验探究能力培养研究',
  '小学英语绘本阅读教学策略研究',
  '职业院校产教融合人才培养模式研究',
  '中小学体育课堂运动负荷监测研究',
  '基于大数据的学业质量评价研究',
  '高中生涯规划教育课程化实施研究',
  '红色文化资源融入思政课教学研究',
  '特殊儿童融合教育支持体系研究',
  '人工智能教育课程在中小学的实践研究',
  '中小学书法教育现状与对策研究',
  '小学科学项目式学习实践研究',
  '初中道德与法治议题式教学研究',
  '学前儿童游戏活动观察与支持研究',
  '新课标下高中化学大概念教学研究',
  '集团化办学促进义务教育均衡发展研究',
  '中小学班主任专业能力提升路径研究',
  '高中历史史料实证素养培养研究',
  '小学数学计算教学中的思维培养研究',
  '中学美术校本课程开发研究',
  '教师数字素养提升策略研究',
  // The 开题 review topic (the last status) and then leader1's concluded topic (demoSeed's EXTRA).
  '基于学习任务群的小学语文单元整体教学研究',
  '初中语文群文阅读教学实践研究',
];

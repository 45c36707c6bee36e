// The demo results and their result review, as data: what seedResultsDemo (demoSeed.ts) writes.
export const STATUS_LABEL: Record<string, string> = {
  '1': '提交',
  '2': '送专家评审',
  '3': '退回修改',
  '4': '审核通过',
  '5': '不通过',
};
export const CRITERIA = [
  { name: '创新性', maxScore: 40, weight: 1 },
  { name: '科学性', maxScore: 30, weight: 1 },
  { name: '实践价值', maxScore: 30, weight: 1 },
];

export interface Plan {
  owner: 'leader1' | 'leader2';
  status: string;
  kind: string;
  name: string;
  authors: string[];
  venue?: string;
  issn?: string;
  isbn?: string;
  comment?: string;
  score?: number;
}

/** A result in every status, in both demo areas, each with a file; one suspected duplicate. */
export const PLAN: Plan[] = [
  { owner: 'leader1', status: '0', kind: '1', name: '小学语文整本书阅读的课堂实施策略', authors: ['张老师', '赵敏'] },
  {
    owner: 'leader1',
    status: '1',
    kind: '1',
    name: '核心素养导向的课堂评价实践研究',
    authors: ['张老师', '王芳'],
    venue: '河北教育',
    issn: '1001-2345',
  },
  {
    owner: 'leader1',
    status: '3',
    kind: '2',
    name: '区域教研共同体建设研究报告',
    authors: ['张老师'],
    comment: '请补充研究方法与数据来源',
  },
  {
    owner: 'leader1',
    status: '4',
    kind: '3',
    name: '课堂观察与教学改进',
    authors: ['张老师', '刘洋', '陈静'],
    venue: '教育科学出版社',
    isbn: '978-7-5191-0000-1',
    score: 86.5,
  },
  {
    owner: 'leader1',
    status: '1',
    kind: '1',
    name: '核心素养导向的课堂评价实践研究',
    authors: ['张老师'],
    venue: '教育实践与研究',
  },
  { owner: 'leader2', status: '1', kind: '5', name: '劳动教育主题单元教学案例', authors: ['李老师', '孙悦'] },
  {
    owner: 'leader2',
    status: '2',
    kind: '1',
    name: '农村小学作业设计的现状与对策',
    authors: ['李老师'],
    venue: '基础教育研究',
    issn: '1002-3456',
  },
  { owner: 'leader2', status: '4', kind: '4', name: '班级成长档案管理软件', authors: ['李老师', '周明'], score: 78 },
  {
    owner: 'leader2',
    status: '5',
    kind: '9',
    name: '校园文化建设随笔',
    authors: ['李老师'],
    comment: '不属于本次征集的成果类型',
  },
];

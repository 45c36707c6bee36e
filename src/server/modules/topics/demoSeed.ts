import type { AppContext } from '../../AppContext.js';
import { KyselyRecordStore, type StoredRecord } from '../../platform/records/RecordStore.js';
import { syncEntityTables } from '../../platform/records/entityTables.js';
import { formatDateTime } from '../../platform/records/time.js';
import { bindFiles, type FileRef } from '../../platform/files/fileRefs.js';
import { docxBytes, pdfBytes, storeDemoFile } from './demoFiles.js';
import { insertUser } from '../../platform/accounts/accounts.js';
import { hashPassword } from '../../platform/auth/secrets.js';
import { idCardCheckChar } from '../../../shared/idCard.js';

const DAY = 24 * 3600_000;

/** The way a topic walks to each status: [action, to, actor] steps after the draft (WORKFLOW.md). */
type Step = [action: string, to: string, actor: 'leader' | 'city' | 'province' | 'system'];
const MAIN: Step[] = [
  ['submit', '2', 'leader'], ['cityApprove', '4', 'city'], ['provinceApprove', '53', 'province'], ['provinceApprove', '6', 'province'],
  ['submit', '7', 'leader'], ['cityApprove', '8', 'city'], ['provinceApprove', '9', 'province'],
  ['submit', '11', 'leader'], ['cityApprove', '13', 'city'], ['provinceApprove', '29', 'province'],
  ['submit', '31', 'leader'], ['cityApprove', '33', 'city'], ['provinceApprove', '14', 'province'],
  ['submit', '16', 'leader'], ['cityApprove', '79', 'city'], ['provinceApprove', '18', 'province'],
];
/** Statuses off the main path: the main status they branch from and the step into them. */
const SIDE: Record<string, [string, Step]> = {
  1: ['2', ['sendCityReview', '1', 'city']], 902: ['2', ['cityReturn', '902', 'city']], 904: ['4', ['provinceReturn', '904', 'province']],
  907: ['7', ['cityReturn', '907', 'city']], 28: ['8', ['provinceReturn', '28', 'province']], 10: ['11', ['sendCityReview', '10', 'city']],
  911: ['11', ['cityReturn', '911', 'city']], 30: ['31', ['sendCityReview', '30', 'city']], 931: ['31', ['cityReturn', '931', 'city']],
  15: ['16', ['sendCityReview', '15', 'city']], 916: ['16', ['cityReturn', '916', 'city']], 979: ['79', ['provinceReturn', '979', 'province']],
  34: ['6', ['expire', '34', 'system']], 24: ['9', ['withdraw', '24', 'system']],
};
const COMMENTS: Record<string, string> = {
  cityReturn: '材料不完整，请补充研究基础与预期成果的说明后重新提交。',
  provinceReturn: '研究目标表述过宽，请聚焦核心问题并细化阶段安排。',
  cityApprove: '同意推荐。', provinceApprove: '同意。', withdraw: '变更申请：终止研究',
};

export function pathTo(status: string): Step[] {
  if (status === '0') return [];
  const side = SIDE[status];
  const main = side ? side[0] : status;
  const i = MAIN.findIndex((s) => s[1] === main);
  if (i < 0) throw new Error(`no demo path to ${status}`);
  return side ? [...MAIN.slice(0, i + 1), side[1]] : MAIN.slice(0, i + 1);
}

const STATUSES = ['0', '2', '902', '4', '904', '53', '6', '7', '907', '8', '9', '10', '11', '911', '13', '29', '30', '31', '931', '33', '14', '15', '16', '916', '79', '979', '18', '28', '34', '24', '1'];
const NAMES = [
  '核心素养导向的初中数学单元教学设计研究', '“双减”背景下小学作业设计与实施研究', '县域普通高中多样化发展路径研究', '乡村学校劳动教育课程建设实践研究',
  '信息技术支持下的课堂精准教学研究', '幼小衔接阶段儿童学习适应性研究', '中小学心理健康教育体系构建研究', '跨学科主题学习的设计与评价研究',
  '大单元视角下高中语文整本书阅读研究', '区域教研共同体促进教师专业发展研究', '农村留守儿童家校协同育人机制研究', '初中物理实验探究能力培养研究',
  '小学英语绘本阅读教学策略研究', '职业院校产教融合人才培养模式研究', '中小学体育课堂运动负荷监测研究', '基于大数据的学业质量评价研究',
  '高中生涯规划教育课程化实施研究', '红色文化资源融入思政课教学研究', '特殊儿童融合教育支持体系研究', '人工智能教育课程在中小学的实践研究',
  '中小学书法教育现状与对策研究', '小学科学项目式学习实践研究', '初中道德与法治议题式教学研究', '学前儿童游戏活动观察与支持研究',
  '新课标下高中化学大概念教学研究', '集团化办学促进义务教育均衡发展研究', '中小学班主任专业能力提升路径研究', '高中历史史料实证素养培养研究',
  '小学数学计算教学中的思维培养研究', '中学美术校本课程开发研究', '教师数字素养提升策略研究', '初中语文群文阅读教学实践研究',
];
/** Topics beyond one per status, with the index of their owner: leader1's own concluded topic (its certificate). */
const EXTRA: [string, number][] = [['18', 0]];
/** Statuses whose topic belongs to a demo applicant instead (index into DEMO_APPLICANTS): each applicant applies once per notice. */
const APPLICANT_OWNED: Record<string, number> = { 1: 3 };

/**
 * Applicants besides the demo accounts, owning the applications that would give a demo account a
 * second topic on one notice (the unique rule of topic.json): the three waiting for expert review
 * in 定州市 (review/demoSeed.ts) and one more. Project leaders with the demo password.
 */
export const DEMO_APPLICANTS = [
  { username: 'applicant1', realName: '孙老师', areaCode: '1123', orgName: '定州市第四中学' },
  { username: 'applicant2', realName: '周老师', areaCode: '1123', orgName: '定州市实验小学' },
  { username: 'applicant3', realName: '吴老师', areaCode: '1123', orgName: '定州市育才中学' },
  { username: 'applicant4', realName: '陈老师', areaCode: '1101', orgName: '石家庄市第五中学' },
] as const;

/** The ID number of a demo applicant (their profile's, and the one they lead with). */
export function applicantIdCard(index: number): string {
  return idCard(900 + index);
}

async function seedApplicants(ctx: AppContext): Promise<{ id: number; name: string; area: string | null; org: string }[]> {
  const passwordHash = await hashPassword(ctx.config.demoPassword);
  const out = [];
  for (const [i, a] of DEMO_APPLICANTS.entries()) {
    await insertUser(ctx.database.db, {
      username: a.username, passwordHash, realName: a.realName, mobile: `1370000000${i + 1}`, email: null, idCardNo: applicantIdCard(i),
      areaCode: a.areaCode, orgName: a.orgName, createdAt: Date.now(),
    }, ['4'], { ifAbsent: true });
    const row = await ctx.database.db.selectFrom('users').select('id').where('username', '=', a.username).executeTakeFirstOrThrow();
    out.push({ id: Number(row.id), name: a.realName, area: a.areaCode, org: a.orgName });
  }
  return out;
}

/** A resident ID number that passes the check members' rows and sign-up apply: a real birth date and its check character. */
function idCard(n: number): string {
  const two = (v: number) => String(v).padStart(2, '0');
  const first17 = `130102${1970 + (n % 30)}${two(1 + (n % 12))}${two(1 + (n % 28))}${String(n % 1000).padStart(3, '0')}`;
  return first17 + idCardCheckChar(first17);
}

/**
 * Demo notices of every stage (open now, one closed round, a draft, a city notice) and about 30
 * topics across the statuses and both demo areas, with real .docx / .pdf files and operation log
 * rows that walk each topic to its status. Only on an empty notice table; never in production.
 */
export async function seedTopicsDemo(ctx: AppContext): Promise<void> {
  const notice = ctx.schemas.entities.get('notice');
  const topic = ctx.schemas.entities.get('topic');
  const workflow = ctx.schemas.workflows.get('topic');
  if (!notice || !topic || !workflow) return;
  // The seed runs before the resources engine makes the entity tables.
  await syncEntityTables(ctx.database, [notice, topic]);
  const store = KyselyRecordStore.of(ctx.database);
  if ((await store.list(notice, { where: { t: 'const', value: true }, sort: [{ field: 'id', order: 'asc' }], offset: 0, limit: 1 })).total > 0) return;
  const users = await ctx.database.db.selectFrom('users').select(['id', 'username', 'real_name', 'area_code', 'org_name'])
    .where('username', 'in', ['province', 'city1123', 'city1101', 'leader1', 'leader2', 'multi']).execute();
  const u = Object.fromEntries(users.map((r) => [r.username, { id: Number(r.id), name: r.real_name as string, area: r.area_code as string | null, org: r.org_name as string }]));
  if (!u.province || !u.leader1 || !u.leader2 || !u.city1123 || !u.city1101) return;
  const now = Date.now();
  const labels = new Map(workflow.transitions.map((t) => [t.action, t.label]));
  const stageOf = new Map(workflow.statuses.map((s) => [s.code, s.stage]));

  const base = (owner: { id: number; area: string | null }, at: number) => ({
    ownerId: owner.id, areaCode: owner.area, createdAt: at, updatedAt: at, createdBy: owner.id, updatedBy: owner.id,
  });
  async function addNotice(owner: { id: number; area: string | null; org: string }, f: Record<string, unknown>): Promise<number> {
    const at = now - 20 * DAY;
    const rec = { ...base(owner, at), status: '1', scopeLevel: owner.area ? 'city' : 'province', publisher: owner.org, publishTime: formatDateTime(at), attachments: null, targetAreas: owner.area ? [owner.area] : null, ...f };
    return store.transaction(async (tx) => {
      const id = await tx.insert(notice!, rec as Omit<StoredRecord, 'id' | 'version'>);
      await tx.log({ entity: 'notice', recordId: id, action: 'create', actionLabel: '新增', fromStatus: null, toStatus: '0', comment: null, userId: owner.id, userName: '管理员', roleCode: owner.area ? '3' : '2', createdAt: at });
      if (rec.status !== '0') await tx.log({ entity: 'notice', recordId: id, action: 'publish', actionLabel: '发布', fromStatus: '0', toStatus: '1', comment: null, userId: owner.id, userName: '管理员', roleCode: owner.area ? '3' : '2', createdAt: at + 3600_000 });
      return id;
    });
  }
  const template = await storeDemoFile(ctx, u.province.id, await docxBytes(['课题申报书（模板）', '一、课题名称', '二、研究内容', '三、研究计划']), '课题申报书模板.docx', 'notice.attachments');
  const body = (what: string) => `<p>各市教育局、各有关单位：</p><p>现将${what}有关事项通知如下，请按要求组织填报，逾期不予受理。</p><p>附件：相关模板</p>`;
  const open = { startTime: formatDateTime(now - 10 * DAY), endTime: formatDateTime(now + 60 * DAY) };
  const apply2026 = await addNotice(u.province, { title: '关于开展2026年度省教育科学规划课题申报工作的通知', stage: 1, year: '2026', ...open, body: body('2026年度课题申报'), attachments: [template] });
  // Earlier rounds, closed: an applicant applies once per round, so their topics further along come from earlier years.
  const rounds = new Map<number, number>([[2026, apply2026]]);
  const round = async (year: number): Promise<number> => {
    const known = rounds.get(year);
    if (known) return known;
    const back = (2026 - year) * 365;
    const id = await addNotice(u.province, { title: `关于开展${year}年度省教育科学规划课题申报工作的通知`, stage: 1, year: String(year), status: '2', startTime: formatDateTime(now - (back + 35) * DAY), endTime: formatDateTime(now - back * DAY), body: body(`${year}年度课题申报`) });
    rounds.set(year, id);
    return id;
  };
  await round(2025);
  for (const [stage, title] of [[2, '关于做好2025年度立项课题开题报告工作的通知'], [3, '关于开展在研课题中期检查的通知'], [4, '关于开展课题研究成果鉴定工作的通知'], [5, '关于做好课题结题验收工作的通知']] as const) {
    await addNotice(u.province, { title, stage, year: '2026', ...open, body: body(title.replace(/^关于|的通知$/g, '')) });
  }
  await addNotice(u.province, { title: '关于开展2026年度青年专项课题申报工作的通知（草稿）', stage: 1, year: '2026', status: '0', ...open, body: body('青年专项课题申报') });
  await addNotice(u.city1123, { title: '定州市关于做好课题中期检查材料报送的通知', stage: 3, year: '2026', ...open, body: body('中期检查材料报送') });

  const applicants = await seedApplicants(ctx);
  const owners = [u.leader1, u.leader2, u.multi ?? u.leader2, ...applicants];
  const cities: Record<string, { id: number; name: string }> = { 1123: u.city1123, 1101: u.city1101 };
  const topics: [string, number][] = [...STATUSES.map((s, i): [string, number] => [s, s in APPLICANT_OWNED ? 3 + APPLICANT_OWNED[s] : i % 3]), ...EXTRA];
  // The round of each topic: one per owner and round (withdrawn and expired ones hold no place);
  // the further along an owner's topic, the earlier its year, so the least advanced is this year's.
  const yearOf = new Map<number, number>();
  const GONE = ['24', '34'];
  for (const ownerIndex of new Set(topics.map(([, o]) => o))) {
    const mine = topics.map(([s, o], i) => ({ s, o, i })).filter((t) => t.o === ownerIndex);
    const alive = mine.filter((t) => !GONE.includes(t.s)).sort((a, b) => pathTo(a.s).length - pathTo(b.s).length);
    alive.forEach((t, n) => yearOf.set(t.i, 2026 - n));
    for (const t of mine) if (!yearOf.has(t.i)) yearOf.set(t.i, 2025);
  }
  for (const [i, [status, ownerIndex]] of topics.entries()) {
    const owner = owners[ownerIndex];
    const city = cities[owner.area ?? '1101'] ?? u.city1101;
    const steps = pathTo(status);
    const year = yearOf.get(i)!;
    const created = now - (steps.length * 12 + 30 + (2026 - year) * 365) * DAY;
    const noticeId = await round(year);
    const name = NAMES[i % NAMES.length];
    const doc = await storeDemoFile(ctx, owner.id, await docxBytes([name, `课题负责人：${owner.name}`, '一、选题依据', '二、研究内容', '三、研究方法', '四、预期成果']), `${name}申报书.docx`, 'topic.applicationDoc');
    const rec: Record<string, unknown> = {
      ...base(owner, created), status, stage: stageOf.get(status) ?? (status === '28' ? 2 : 3),
      name, noticeId, noticeTitle: `关于开展${year}年度省教育科学规划课题申报工作的通知`,
      year: String(year), topicNo: steps.length >= 3 ? `KT${year}${String(i + 1).padStart(4, '0')}` : null,
      subject: String((i % 8) + 1), researchField: String((i % 7) + 1), category: String((i % 5) + 1), expectedResult: ['1', String((i % 6) + 2)],
      endDate: '2027-12-31', leader: owner.name, leaderIdCard: ownerIndex >= 3 ? applicantIdCard(ownerIndex - 3) : idCard(i), leaderMobile: `139${String(10000000 + i * 7919).slice(-8)}`, leaderTitle: '高级教师',
      secondLeader: null, secondLeaderIdCard: null, secondLeaderMobile: null, unit: owner.org, declareDept: '教科室', orgCode: null, schoolId: null,
      members: [{ name: `成员${i + 1}甲`, unit: owner.org, title: '一级教师', duty: '调查研究', idCard: idCard(100 + i) }, { name: `成员${i + 1}乙`, unit: owner.org, title: '二级教师', duty: '资料整理', idCard: idCard(200 + i) }],
      researchContent: `围绕“${name}”开展现状调查、策略建构与实践检验。`, researchTarget: '形成可推广的实践模式与研究报告。',
      phases: [{ name: '准备阶段', startDate: '2026-01-01', endDate: '2026-03-31', content: '文献研究与方案论证' }, { name: '实施阶段', startDate: '2026-04-01', endDate: '2027-06-30', content: '行动研究与案例积累' }, { name: '总结阶段', startDate: '2027-07-01', endDate: '2027-12-31', content: '成果提炼与结题' }],
      applicationDoc: [doc], attachments: null, reviewResults: null,
    };
    const reached = new Set(steps.map((s) => s[1]));
    const report = async (field: string, label: string, pdf: boolean, statusSeen: string[]) => {
      if (!statusSeen.some((s) => reached.has(s))) return;
      const file = pdf ? pdfBytes(`${label} - topic ${i + 1}`) : await docxBytes([name, label]);
      rec[`${field}Report`] = [await storeDemoFile(ctx, owner.id, file, `${label}.${pdf ? 'pdf' : 'docx'}`, `topic.${field}Report`)];
      rec[`${field}Summary`] = `${label}：按计划推进，阶段目标基本达成。`;
    };
    await report('opening', '开题报告', false, ['7', '907', '28']);
    await report('midterm', '中期报告', false, ['11', '911', '10']);
    await report('appraisal', '成果鉴定材料', true, ['31', '931', '30']);
    await report('conclusion', '结题报告', true, ['16', '916', '15']);
    if (reached.has('4')) rec.reviewResults = { 1: { batchId: null, finalScore: 80 + (i % 15), mean: 79.5 + (i % 15), spread: 6, stdDev: 2.1, disagreement: false, recommendation: '建议立项', endedAt: formatDateTime(created + 5 * DAY) } };
    const topicId = await store.transaction(async (tx) => {
      const id = await tx.insert(topic, { ...rec, updatedAt: created + steps.length * 10 * DAY } as Omit<StoredRecord, 'id' | 'version'>);
      await tx.log({ entity: 'topic', recordId: id, action: 'create', actionLabel: '新增', fromStatus: null, toStatus: '0', comment: null, userId: owner.id, userName: owner.name, roleCode: '4', createdAt: created });
      let from = '0';
      for (const [n, [action, to, actor]] of steps.entries()) {
        const who = actor === 'leader' ? { id: owner.id, name: owner.name, role: '4' } : actor === 'city' ? { id: city.id, name: city.name, role: '3' }
          : actor === 'province' ? { id: u.province.id, name: u.province.name, role: '2' } : null;
        await tx.log({
          entity: 'topic', recordId: id, action, actionLabel: labels.get(action) ?? action, fromStatus: from, toStatus: to, comment: COMMENTS[action] ?? null,
          userId: who?.id ?? null, userName: who?.name ?? '系统', roleCode: who?.role ?? null, createdAt: created + (n + 1) * 10 * DAY,
        });
        from = to;
      }
      return id;
    });
    // As a save through the engine would: the topic's files are bound to it, so whoever may read
    // the topic (or review it) reads them.
    for (const [field, def] of Object.entries(topic.fields)) {
      const refs = def.type === 'files' && Array.isArray(rec[field]) ? (rec[field] as FileRef[]) : [];
      if (refs.length) await bindFiles(ctx, `topic.${field}`, topicId, refs.map((r) => r.id));
    }
  }
}

import type { AppContext } from '../../platform/AppContext.js';
import { KyselyRecordStore, type NewStoredRecord, type StoredRecord } from '../../platform/records/RecordStore.js';
import { syncEntityTables } from '../../platform/records/entityTables.js';
import { formatDateTime } from '../../platform/records/time.js';
import { sendLoggedTransitionNotice } from '../../platform/workflow/transitionNotices.js';
import { bindFiles, type FileRef } from '../../platform/files/fileRefs.js';
import { argumentSheetLines, docxBytes, pdfBytes, storeDemoFile } from './demoFiles.js';
import { applicantIdCard, idCard, seedApplicants } from './demoApplicants.js';
import { COMMENTS, NAMES, pathTo, STATUSES } from './demoPaths.js';

const DAY = 24 * 3600_000;

/** Topics beyond one per status, with the index of their owner: leader1's own concluded topic (its certificate). */
const EXTRA: [string, number][] = [['18', 0]];
/** Statuses whose topic belongs to a demo applicant instead (index into DEMO_APPLICANTS): each applicant applies once per notice. */
const APPLICANT_OWNED: Record<string, number> = { 1: 3 };
/**
 * Statuses whose topic belongs to another demo account than its place gives (index into owners):
 * the 开题 review topic is leader1's in 定州市, whose open demo batches already show their declared
 * conflict, so its batch adds none and 石家庄市's demo reviews stay as they are.
 */
const OWNER_OF: Record<string, number> = { 5: 0 };

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
  if (
    (
      await store.list(notice, {
        where: { t: 'const', value: true },
        sort: [{ field: 'id', order: 'asc' }],
        offset: 0,
        limit: 1,
      })
    ).total > 0
  )
    return;
  const users = await ctx.database.db
    .selectFrom('users')
    .select(['id', 'username', 'real_name', 'area_code', 'org_name'])
    .where('username', 'in', ['province', 'city1123', 'city1101', 'leader1', 'leader2', 'multi'])
    .execute();
  const u = Object.fromEntries(
    users.map((r) => [
      r.username,
      { id: Number(r.id), name: r.real_name as string, area: r.area_code as string | null, org: r.org_name as string },
    ]),
  );
  if (!u.province || !u.leader1 || !u.leader2 || !u.city1123 || !u.city1101) return;
  const now = Date.now();
  const labels = new Map(workflow.transitions.map((t) => [t.action, t.label]));
  const stageOf = new Map(workflow.statuses.map((s) => [s.code, s.stage]));

  const base = (owner: { id: number; area: string | null }, at: number) => ({
    ownerId: owner.id,
    areaCode: owner.area,
    createdAt: at,
    updatedAt: at,
    createdBy: owner.id,
    updatedBy: owner.id,
  });
  async function addNotice(
    owner: { id: number; area: string | null; org: string },
    f: Record<string, unknown>,
  ): Promise<number> {
    const at = now - 20 * DAY;
    const rec = {
      ...base(owner, at),
      status: '1',
      scopeLevel: owner.area ? 'city' : 'province',
      publisher: owner.org,
      publishTime: formatDateTime(at),
      attachments: null,
      targetAreas: owner.area ? [owner.area] : null,
      ...f,
    };
    return store.transaction(async (tx) => {
      const id = await tx.insert(notice!, rec as NewStoredRecord);
      await tx.log({
        entity: 'notice',
        recordId: id,
        action: 'create',
        actionLabel: '新增',
        fromStatus: null,
        toStatus: '0',
        comment: null,
        userId: owner.id,
        userName: '管理员',
        roleCode: owner.area ? '3' : '2',
        createdAt: at,
      });
      if (rec.status !== '0')
        await tx.log({
          entity: 'notice',
          recordId: id,
          action: 'publish',
          actionLabel: '发布',
          fromStatus: '0',
          toStatus: '1',
          comment: null,
          userId: owner.id,
          userName: '管理员',
          roleCode: owner.area ? '3' : '2',
          createdAt: at + 3600_000,
        });
      return id;
    });
  }
  const template = await storeDemoFile(
    ctx,
    u.province.id,
    await docxBytes(['课题申报书（模板）', '一、课题名称', '二、研究内容', '三、研究计划']),
    '课题申报书模板.docx',
    'notice.attachments',
  );
  const body = (what: string) =>
    `<p>各市教育局、各有关单位：</p><p>现将${what}有关事项通知如下，请按要求组织填报，逾期不予受理。</p><p>附件：相关模板</p>`;
  const open = { startTime: formatDateTime(now - 10 * DAY), endTime: formatDateTime(now + 60 * DAY) };
  const apply2026 = await addNotice(u.province, {
    title: '关于开展2026年度省教育科学规划课题申报工作的通知',
    stage: 1,
    year: '2026',
    ...open,
    body: body('2026年度课题申报'),
    attachments: [template],
    // As provincial offices run blind review: the identity-free 课题论证活页 is asked for separately.
    argumentSheet: true,
  });
  // Earlier rounds, closed: an applicant applies once per round, so their topics further along come from earlier years.
  const rounds = new Map<number, number>([[2026, apply2026]]);
  const round = async (year: number): Promise<number> => {
    const known = rounds.get(year);
    if (known) return known;
    const back = (2026 - year) * 365;
    const id = await addNotice(u.province, {
      title: `关于开展${year}年度省教育科学规划课题申报工作的通知`,
      stage: 1,
      year: String(year),
      status: '2',
      startTime: formatDateTime(now - (back + 35) * DAY),
      endTime: formatDateTime(now - back * DAY),
      body: body(`${year}年度课题申报`),
    });
    rounds.set(year, id);
    return id;
  };
  await round(2025);
  for (const [stage, title] of [
    [2, '关于做好2025年度立项课题开题报告工作的通知'],
    [3, '关于开展在研课题中期检查的通知'],
    [4, '关于开展课题研究成果鉴定工作的通知'],
    [5, '关于做好课题结题验收工作的通知'],
  ] as const) {
    await addNotice(u.province, {
      title,
      stage,
      year: '2026',
      ...open,
      body: body(title.replace(/^关于|的通知$/g, '')),
    });
  }
  await addNotice(u.province, {
    title: '关于开展2026年度青年专项课题申报工作的通知（草稿）',
    stage: 1,
    year: '2026',
    status: '0',
    ...open,
    body: body('青年专项课题申报'),
  });
  await addNotice(u.city1123, {
    title: '定州市关于做好课题中期检查材料报送的通知',
    stage: 3,
    year: '2026',
    ...open,
    body: body('中期检查材料报送'),
  });

  const applicants = await seedApplicants(ctx);
  const owners = [u.leader1, u.leader2, u.multi ?? u.leader2, ...applicants];
  const cities: Record<string, { id: number; name: string }> = { 1123: u.city1123, 1101: u.city1101 };
  const topics: [string, number][] = [
    ...STATUSES.map((s, i): [string, number] => [
      s,
      s in APPLICANT_OWNED ? 3 + APPLICANT_OWNED[s] : (OWNER_OF[s] ?? i % 3),
    ]),
    ...EXTRA,
  ];
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
    const doc = await storeDemoFile(
      ctx,
      owner.id,
      // The leader and members are in the application's fields, not in its file: a demo batch that opens
      // the uploads to its experts still shows them no name.
      await docxBytes([name, '课题申报书', '一、选题依据', '二、研究内容', '三、研究方法', '四、预期成果']),
      `${name}申报书.docx`,
      'topic.applicationDoc',
    );
    const rec: Record<string, unknown> = {
      ...base(owner, created),
      status,
      stage: stageOf.get(status) ?? (status === '28' ? 2 : 3),
      name,
      noticeId,
      noticeTitle: `关于开展${year}年度省教育科学规划课题申报工作的通知`,
      // Only this year's round asks for the 活页 (as the topics module copies it on a save).
      noticeArgumentSheet: noticeId === apply2026,
      year: String(year),
      topicNo: steps.length >= 3 ? `KT${year}${String(i + 1).padStart(4, '0')}` : null,
      subject: String((i % 8) + 1),
      researchField: String((i % 7) + 1),
      category: String((i % 5) + 1),
      expectedResult: ['1', String((i % 6) + 2)],
      endDate: '2027-12-31',
      leader: owner.name,
      leaderIdCard: ownerIndex >= 3 ? applicantIdCard(ownerIndex - 3) : idCard(i),
      leaderMobile: `139${String(10000000 + i * 7919).slice(-8)}`,
      leaderTitle: '高级教师',
      secondLeader: null,
      secondLeaderIdCard: null,
      secondLeaderMobile: null,
      unit: owner.org,
      declareDept: '教科室',
      orgCode: null,
      schoolId: null,
      members: [
        { name: `成员${i + 1}甲`, unit: owner.org, title: '一级教师', duty: '调查研究', idCard: idCard(100 + i) },
        { name: `成员${i + 1}乙`, unit: owner.org, title: '二级教师', duty: '资料整理', idCard: idCard(200 + i) },
      ],
      researchContent: `围绕“${name}”开展现状调查、策略建构与实践检验。`,
      researchTarget: '形成可推广的实践模式与研究报告。',
      phases: [
        { name: '准备阶段', startDate: '2026-01-01', endDate: '2026-03-31', content: '文献研究与方案论证' },
        { name: '实施阶段', startDate: '2026-04-01', endDate: '2027-06-30', content: '行动研究与案例积累' },
        { name: '总结阶段', startDate: '2027-07-01', endDate: '2027-12-31', content: '成果提炼与结题' },
      ],
      applicationDoc: [doc],
      argumentSheet: [
        await storeDemoFile(
          ctx,
          owner.id,
          await docxBytes(argumentSheetLines(name, i)),
          `${name}课题论证活页.docx`,
          'topic.argumentSheet',
        ),
      ],
      attachments: null,
      reviewResults: null,
    };
    const reached = new Set(steps.map((s) => s[1]));
    const report = async (field: string, label: string, pdf: boolean, statusSeen: string[]) => {
      if (!statusSeen.some((s) => reached.has(s))) return;
      const file = pdf ? pdfBytes(`${label} - topic ${i + 1}`) : await docxBytes([name, label]);
      rec[`${field}Report`] = [
        await storeDemoFile(ctx, owner.id, file, `${label}.${pdf ? 'pdf' : 'docx'}`, `topic.${field}Report`),
      ];
      rec[`${field}Summary`] = `${label}：按计划推进，阶段目标基本达成。`;
    };
    await report('opening', '开题报告', false, ['7', '907', '28']);
    await report('midterm', '中期报告', false, ['11', '911', '10']);
    await report('appraisal', '成果鉴定材料', true, ['31', '931', '30']);
    await report('conclusion', '结题报告', true, ['16', '916', '15']);
    if (reached.has('4'))
      rec.reviewResults = {
        1: {
          batchId: null,
          finalScore: 80 + (i % 15),
          mean: 79.5 + (i % 15),
          spread: 6,
          stdDev: 2.1,
          disagreement: false,
          recommendation: '建议立项',
          endedAt: formatDateTime(created + 5 * DAY),
        },
      };
    const notices: { action: string; fromStatus: string; comment: string | null; actorId: number | null }[] = [];
    const topicId = await store.transaction(async (tx) => {
      const id = await tx.insert(topic, { ...rec, updatedAt: created + steps.length * 10 * DAY } as NewStoredRecord);
      await tx.log({
        entity: 'topic',
        recordId: id,
        action: 'create',
        actionLabel: '新增',
        fromStatus: null,
        toStatus: '0',
        comment: null,
        userId: owner.id,
        userName: owner.name,
        roleCode: '4',
        createdAt: created,
      });
      let from = '0';
      for (const [n, [action, to, actor]] of steps.entries()) {
        const who =
          actor === 'leader'
            ? { id: owner.id, name: owner.name, role: '4' }
            : actor === 'city'
              ? { id: city.id, name: city.name, role: '3' }
              : actor === 'province'
                ? { id: u.province.id, name: u.province.name, role: '2' }
                : null;
        await tx.log({
          entity: 'topic',
          recordId: id,
          action,
          actionLabel: labels.get(action) ?? action,
          fromStatus: from,
          toStatus: to,
          comment: COMMENTS[action] ?? null,
          userId: who?.id ?? null,
          userName: who?.name ?? '系统',
          roleCode: who?.role ?? null,
          createdAt: created + (n + 1) * 10 * DAY,
        });
        notices.push({ action, fromStatus: from, comment: COMMENTS[action] ?? null, actorId: who?.id ?? null });
        from = to;
      }
      return id;
    });
    // The leader hears of each step as from the engine: the notices the workflow declares (returns).
    for (const step of notices)
      await sendLoggedTransitionNotice(ctx, 'topic', { ...rec, id: topicId, version: 1 } as StoredRecord, step);
    // As a save through the engine would: the topic's files are bound to it, so whoever may read
    // the topic (or review it) reads them.
    for (const [field, def] of Object.entries(topic.fields)) {
      const refs = def.type === 'files' && Array.isArray(rec[field]) ? (rec[field] as FileRef[]) : [];
      if (refs.length)
        await bindFiles(
          ctx,
          `topic.${field}`,
          topicId,
          refs.map((r) => r.id),
        );
    }
  }
}

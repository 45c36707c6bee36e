import type { AppContext } from '../../platform/AppContext.js';
import type { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import { bindFiles } from '../../platform/files/fileRefs.js';
import { ARGUMENT_SLOTS_OF_TOPICS, argumentSheetLines, docxBytes, storeDemoFile } from '../topics/demoFiles.js';
import { applicantIdCard, DEMO_APPLICANTS } from '../topics/demoApplicants.js';

const DAY = 86_400_000;

/** Applications submitted to the demo city (申报市级审核中), which the city sends to expert review: a new batch has topics to allocate. */
export const WAITING_TOPICS = [
  { name: '基于项目学习的初中科学探究能力培养研究', unit: '定州市第四中学', subject: '3' },
  { name: '乡村小学整本书阅读推进策略研究', unit: '定州市实验小学', subject: '2' },
  { name: '双减背景下初中数学分层作业设计研究', unit: '定州市育才中学', subject: '4' },
];

export async function seedWaitingTopics(ctx: AppContext, store: KyselyRecordStore): Promise<void> {
  const topic = ctx.schemas.entities.get('topic')!;
  const mine = await store.list(topic, {
    where: { t: 'cmp', field: 'areaCode', op: '=', value: '1123' },
    sort: [{ field: 'id', order: 'asc' }],
    offset: 0,
    limit: 1,
  });
  const template = mine.rows[0];
  if (!template) return;
  const at = Date.now() - 10 * DAY;
  for (const [i, w] of WAITING_TOPICS.entries()) {
    const { id: _id, version: _v, ...rest } = template;
    // Each topic is its applicant's own: their account, their name as leader, their file.
    const applicant = DEMO_APPLICANTS[i];
    const owner = await ctx.database.db
      .selectFrom('users')
      .select(['id', 'area_code'])
      .where('username', '=', applicant.username)
      .executeTakeFirst();
    if (!owner) continue;
    const ownerId = Number(owner.id);
    const leader = applicant.realName;
    const doc = await storeDemoFile(
      ctx,
      ownerId,
      await docxBytes([w.name, '课题申报书', '一、选题依据', '二、研究内容', '三、研究方法']),
      `${w.name}申报书.docx`,
      'topic.applicationDoc',
    );
    // The first applicant forgot the 活页's rule and named themselves and their school: the identity
    // check flags it at upload and on the allocation page.
    const sheet = await storeDemoFile(
      ctx,
      ownerId,
      await docxBytes(
        argumentSheetLines(
          w.name,
          ARGUMENT_SLOTS_OF_TOPICS + i,
          i === 0 ? { leader, unit: applicant.orgName } : undefined,
        ),
      ),
      `${w.name}课题论证活页.docx`,
      'topic.argumentSheet',
    );
    const id = await store.insert(topic, {
      ...rest,
      ...w,
      status: '2',
      stage: 1,
      topicNo: null,
      reviewResults: null,
      createdAt: at,
      updatedAt: at + DAY,
      applicationDoc: [doc],
      argumentSheet: [sheet],
      attachments: null,
      ownerId,
      createdBy: ownerId,
      updatedBy: ownerId,
      areaCode: String(owner.area_code ?? '1123'),
      unit: applicant.orgName,
      openingReport: null,
      openingSummary: null,
      midtermReport: null,
      midtermSummary: null,
      appraisalReport: null,
      appraisalSummary: null,
      conclusionReport: null,
      conclusionSummary: null,
      leader,
      leaderIdCard: applicantIdCard(i),
      members: [{ name: `${w.unit.slice(3, 5)}成员${i + 1}`, unit: w.unit, title: '一级教师', duty: '调查研究' }],
    });
    await bindFiles(ctx, 'topic.applicationDoc', id, [doc.id]);
    await bindFiles(ctx, 'topic.argumentSheet', id, [sheet.id]);
    await store.log({
      entity: 'topic',
      recordId: id,
      action: 'create',
      actionLabel: '新增',
      fromStatus: null,
      toStatus: '0',
      comment: null,
      userId: ownerId,
      userName: leader,
      roleCode: '4',
      createdAt: at,
    });
    await store.log({
      entity: 'topic',
      recordId: id,
      action: 'submit',
      actionLabel: '提交',
      fromStatus: '0',
      toStatus: '2',
      comment: null,
      userId: ownerId,
      userName: leader,
      roleCode: '4',
      createdAt: at + DAY,
    });
  }
}

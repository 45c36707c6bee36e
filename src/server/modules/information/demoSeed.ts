import type { AppContext } from '../../platform/AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { demoActor } from '../../platform/seed/demoActor.js';
import { syncEntityTables } from '../../platform/records/entityTables.js';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import { ResourceService } from '../../platform/resources/ResourceService.js';
import { fire } from '../../platform/workflow/engine.js';
import { docxBytes, pdfBytes, storeDemoFile } from '../topics/demoFiles.js';

type Kind = 'announcement' | 'activityDynamics' | 'activityReports' | 'relatedDownloads' | 'rules';

interface DemoItem {
  kind: Kind;
  by: 'province' | 'city1123' | 'city1101';
  title: string;
  summary: string;
  /** published (default), draft, or published then withdrawn */
  state?: 'draft' | 'withdrawn';
  file?: { name: string; lines: string[] };
}

const ITEMS: DemoItem[] = [
  {
    kind: 'announcement',
    by: 'province',
    title: '关于开展2026年度教育科学规划课题申报工作的通知',
    summary: '申报时间、申报条件与材料要求。',
    file: { name: '课题申报书模板.docx', lines: ['课题申报书（模板）', '一、课题名称', '二、研究内容'] },
  },
  {
    kind: 'announcement',
    by: 'province',
    title: '关于做好2025年度立项课题开题工作的通知',
    summary: '开题报告提交时间与论证方式。',
  },
  {
    kind: 'announcement',
    by: 'city1123',
    title: '定州市关于做好课题中期检查材料报送的通知',
    summary: '中期报告由各校汇总后报送市教育局。',
  },
  {
    kind: 'announcement',
    by: 'city1101',
    title: '石家庄市2026年度课题申报工作安排',
    summary: '市级初审时间与联系人。',
  },
  {
    kind: 'announcement',
    by: 'province',
    title: '关于课题管理平台系统维护的公告（草稿）',
    summary: '维护期间暂停申报。',
    state: 'draft',
  },
  {
    kind: 'activityDynamics',
    by: 'province',
    title: '全省教育科研工作会议在石家庄召开',
    summary: '会议总结了上一年度课题管理工作。',
  },
  {
    kind: 'activityDynamics',
    by: 'city1123',
    title: '定州市举办课题研究方法专题培训',
    summary: '两百余名课题负责人参加培训。',
  },
  {
    kind: 'activityDynamics',
    by: 'city1101',
    title: '石家庄市开展优秀课题成果展示交流活动',
    summary: '二十项优秀成果现场展示。',
  },
  {
    kind: 'activityDynamics',
    by: 'province',
    title: '课题结题鉴定工作阶段性进展（已撤回）',
    summary: '内容待更新。',
    state: 'withdrawn',
  },
  {
    kind: 'activityReports',
    by: 'province',
    title: '2025年度全省教育信息化课题工作报告',
    summary: '年度立项、结题情况与典型经验。',
  },
  {
    kind: 'activityReports',
    by: 'city1123',
    title: '定州市教育科研信息化建设情况报告',
    summary: '区域教研平台建设与应用。',
  },
  {
    kind: 'relatedDownloads',
    by: 'province',
    title: '课题开题报告模板',
    summary: '开题报告的格式与要求。',
    file: { name: '开题报告模板.docx', lines: ['开题报告（模板）', '一、课题研究背景', '二、研究计划'] },
  },
  {
    kind: 'relatedDownloads',
    by: 'province',
    title: '课题中期报告模板',
    summary: '中期检查报告格式。',
    file: { name: '中期报告模板.docx', lines: ['中期报告（模板）', '一、研究进展', '二、阶段成果'] },
  },
  {
    kind: 'relatedDownloads',
    by: 'city1101',
    title: '石家庄市课题经费使用说明',
    summary: '经费使用范围与报销流程。',
    file: { name: 'funding-guide.pdf', lines: ['Funding guide'] },
  },
  {
    kind: 'rules',
    by: 'province',
    title: '省教育科学规划课题管理办法',
    summary: '课题申报、立项、实施、结题全过程管理规定。',
    file: { name: '课题管理办法.docx', lines: ['省教育科学规划课题管理办法', '第一章 总则', '第二章 申报与立项'] },
  },
  {
    kind: 'rules',
    by: 'province',
    title: '教育科学规划课题经费管理规定',
    summary: '经费预算、使用与审计。',
    file: { name: 'funding-rules.pdf', lines: ['Funding rules'] },
  },
  { kind: 'rules', by: 'city1123', title: '定州市教育科研课题管理实施细则', summary: '市级课题管理的具体要求。' },
];

/**
 * Demo items of the five information kinds (published, draft and withdrawn; province and both demo
 * cities; templates to download), saved and published through the engine as the demo admins would,
 * so the portal's home sections and the admin lists show real content. Only while the tables are empty.
 */
export async function seedInformationDemo(ctx: AppContext): Promise<boolean> {
  const kinds = [...new Set(ITEMS.map((i) => i.kind))];
  const entities = kinds.map((k) => ctx.schemas.entities.get(k)).filter((e) => !!e);
  if (entities.length !== kinds.length) return false;
  await syncEntityTables(ctx.database, entities);
  const store = KyselyRecordStore.of(ctx.database);
  if ((await store.list(entities[0], { where: { t: 'const', value: true }, sort: [], offset: 0, limit: 1 })).total > 0)
    return false;

  const service = new ResourceService(ctx);
  const who: Record<string, SessionUser> = {};
  for (const name of ['province', 'city1123', 'city1101']) who[name] = await demoActor(ctx, name);
  for (const item of ITEMS) {
    const user = who[item.by];
    const attachments = item.file
      ? [
          await storeDemoFile(
            ctx,
            user.userId,
            item.file.name.endsWith('.pdf') ? pdfBytes(item.file.lines[0]) : await docxBytes(item.file.lines),
            item.file.name,
            `${item.kind}.attachments`,
          ),
        ]
      : [];
    const content = `<h2>${item.title}</h2><p>${item.summary}</p><p>各有关单位：请认真阅读本文并按要求做好相关工作。</p>`;
    const saved = await service.save(
      item.kind,
      { title: item.title, summary: item.summary, content, attachments },
      user,
    );
    if (item.state === 'draft') continue;
    const published = await fire(
      ctx,
      { entity: item.kind, id: Number(saved.id), action: 'publish', version: Number(saved.version) },
      user,
    );
    if (item.state === 'withdrawn')
      await fire(
        ctx,
        { entity: item.kind, id: Number(published.id), action: 'withdraw', version: Number(published.version) },
        user,
      );
  }
  return true;
}

import type { AppContext } from '../../platform/AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { demoActor as actor } from '../../platform/seed/demoActor.js';
import { syncEntityTables } from '../../platform/records/entityTables.js';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import { ResourceService } from '../../platform/resources/ResourceService.js';
import { formatDateTime } from '../../platform/records/time.js';
import { fire } from '../../platform/workflow/engine.js';
import { notify } from '../../platform/notifications/notify.js';

const DAY = 24 * 3600_000;

/**
 * Demo meetings (every status, both demo areas) and questions (every status, two public FAQs),
 * saved and moved through the engine as the demo accounts would, so attendee records, logs and
 * notices are the real ones. Only outside production and only while the meeting table is empty.
 */
export async function seedMeetingsDemo(ctx: AppContext, now = Date.now()): Promise<boolean> {
  const meetingEntity = ctx.schemas.entities.get('meeting');
  const attendee = ctx.schemas.entities.get('meetingAttendee');
  const question = ctx.schemas.entities.get('question');
  if (!meetingEntity || !attendee || !question) return false;
  await syncEntityTables(ctx.database, [meetingEntity, attendee, question]);
  const store = KyselyRecordStore.of(ctx.database);
  if (
    (await store.list(meetingEntity, { where: { t: 'const', value: true }, sort: [], offset: 0, limit: 1 })).total > 0
  )
    return false;

  const service = new ResourceService(ctx);
  const who: Record<string, SessionUser> = {};
  for (const name of ['admin', 'province', 'city1123', 'city1101', 'leader1', 'leader2', 'expert1', 'expert2'])
    who[name] = await actor(ctx, name);
  who.multi = await actor(ctx, 'multi', '4');
  who.multiExpert = await actor(ctx, 'multi', '5');
  const id = (name: string) => String(who[name].userId);
  const at = (days: number, hour: number) =>
    formatDateTime(Math.floor((now + days * DAY) / DAY) * DAY + (hour - 8) * 3600_000);
  const step = async (
    entity: string,
    rec: Record<string, unknown>,
    action: string,
    user: SessionUser,
    comment?: string,
  ) => fire(ctx, { entity, id: Number(rec.id), action, version: Number(rec.version), comment }, user);
  const attendeeOf = async (meetingId: number, user: SessionUser) =>
    (
      await store.list(attendee, {
        where: {
          t: 'and',
          items: [
            { t: 'cmp', field: 'meetingId', op: '=', value: meetingId },
            { t: 'cmp', field: 'userId', op: '=', value: user.userId },
          ],
        },
        sort: [],
        offset: 0,
        limit: 1,
      })
    ).rows[0];

  const meeting = (
    user: SessionUser,
    m: {
      title: string;
      kind: string;
      days: number;
      place?: string;
      onlineLink?: string;
      hostUnit: string;
      attendees: string[];
    },
  ) =>
    service.save(
      'meeting',
      {
        title: m.title,
        kind: m.kind,
        startTime: at(m.days, 9),
        endTime: at(m.days, 11),
        place: m.place ?? null,
        onlineLink: m.onlineLink ?? null,
        hostUnit: m.hostUnit,
        agenda: '<p>一、主持人介绍会议安排</p><p>二、课题负责人汇报</p><p>三、专家点评与交流</p>',
        attendeeIds: m.attendees.map(id),
      },
      user,
    );

  await meeting(who.province, {
    title: '2026年度立项课题开题论证会（筹备中）',
    kind: '1',
    days: 20,
    place: '省教育科学研究院三楼报告厅',
    hostUnit: '省教育科学研究院',
    attendees: ['expert1', 'expert2', 'leader1', 'leader2'],
  });
  const open = await meeting(who.province, {
    title: '2026年度立项课题开题论证会',
    kind: '1',
    days: 7,
    place: '省教育科学研究院三楼报告厅',
    hostUnit: '省教育科学研究院',
    attendees: ['expert1', 'expert2', 'leader1', 'leader2', 'multi'],
  });
  const openPublished = await step('meeting', open, 'publish', who.province);
  const l1 = await attendeeOf(openPublished.id, who.leader1);
  if (l1)
    await fire(ctx, { entity: 'meetingAttendee', id: l1.id, action: 'confirm', version: l1.version }, who.leader1);
  const e2 = await attendeeOf(openPublished.id, who.expert2);
  if (e2)
    await fire(
      ctx,
      {
        entity: 'meetingAttendee',
        id: e2.id,
        action: 'decline',
        version: e2.version,
        comment: '当天另有评审任务，无法参会',
      },
      who.expert2,
    );
  await step(
    'meeting',
    await meeting(who.city1123, {
      title: '定州市课题中期检查推进会',
      kind: '2',
      days: 3,
      onlineLink: 'https://meeting.example.org/dz-2026',
      hostUnit: '定州市教育局',
      attendees: ['leader1', 'expert1'],
    }),
    'publish',
    who.city1123,
  );
  await step(
    'meeting',
    await meeting(who.city1101, {
      title: '石家庄市课题研究方法培训会',
      kind: '6',
      days: 5,
      place: '石家庄市教育科学研究所会议室',
      hostUnit: '石家庄市教育局',
      attendees: ['leader2', 'multi', 'expert2'],
    }),
    'publish',
    who.city1101,
  );

  const done = await step(
    'meeting',
    await meeting(who.province, {
      title: '2025年度课题结题评审会',
      kind: '4',
      days: -10,
      place: '省教育厅第二会议室',
      hostUnit: '省教育厅',
      attendees: ['expert1', 'expert2', 'leader1'],
    }),
    'publish',
    who.province,
  );
  for (const name of ['expert1', 'expert2']) {
    const row = await attendeeOf(done.id, who[name]);
    if (!row) continue;
    const confirmed = await fire(
      ctx,
      { entity: 'meetingAttendee', id: row.id, action: 'confirm', version: row.version },
      who[name],
    );
    await fire(
      ctx,
      { entity: 'meetingAttendee', id: confirmed.id, action: 'signIn', version: confirmed.version },
      who.province,
    );
  }
  await fire(
    ctx,
    { entity: 'meeting', id: done.id, action: 'finish', version: (await store.get(meetingEntity, done.id))!.version },
    who.province,
  );
  const cancelled = await step(
    'meeting',
    await meeting(who.province, {
      title: '2026年度成果鉴定会',
      kind: '3',
      days: 14,
      place: '省教育科学研究院一楼会议室',
      hostUnit: '省教育科学研究院',
      attendees: ['leader1', 'leader2', 'expert1'],
    }),
    'publish',
    who.province,
  );
  await step('meeting', cancelled, 'cancel', who.province, '会议时间调整，另行通知');

  // Questions in every status.
  const ask = (user: SessionUser, title: string, field: string, content: string) =>
    service.save('question', { title, field, content }, user);
  const route = async (q: Record<string, unknown>, experts: string[], admin: SessionUser) => {
    const withExperts = await service.save(
      'question',
      { id: q.id, version: q.version, expertIds: experts.map(id) },
      admin,
    );
    return step('question', withExperts, 'route', admin);
  };
  await ask(
    who.leader1,
    '课题申报书的“研究基础”部分应如何撰写？',
    '2',
    '申报书中的研究基础需要列出哪些已有成果？没有发表论文是否影响立项？',
  );
  await route(
    await ask(who.leader2, '小学数学课题如何设计对照实验？', '3', '班级人数较少时，对照组与实验组如何划分更科学？'),
    ['expert2'],
    who.city1101,
  );
  const answered = await route(
    await ask(who.leader2, '开题报告需要包含哪些内容？', '4', '开题报告的格式有统一要求吗？'),
    ['expert2'],
    who.province,
  );
  const a1 = await step(
    'question',
    answered,
    'answer',
    who.expert2,
    '开题报告一般包括：选题依据、研究目标与内容、研究方法、研究步骤与分工、预期成果及保障条件。请按省级模板填写。',
  );
  await step('question', a1, 'publishFaq', who.province);
  const follow = await route(
    await ask(
      who.leader1,
      '中期检查时研究进度滞后怎么办？',
      '4',
      '因学校安排调整，课题进度落后于计划，中期检查时应如何说明？',
    ),
    ['expert1'],
    who.province,
  );
  const a2 = await step(
    'question',
    follow,
    'answer',
    who.expert1,
    '如实说明原因并提交调整后的研究计划，必要时可申请课题变更延期。',
  );
  await step('question', a2, 'followUp', who.leader1, '延期申请最长可以延多久？');
  const q5 = await route(
    await ask(who.multi, '结题成果可以是校本课程吗？', '5', '课题成果以校本课程形式呈现，是否符合结题要求？'),
    ['expert1', 'multiExpert'],
    who.province,
  );
  const a5 = await step(
    'question',
    q5,
    'answer',
    who.expert1,
    '可以。校本课程须附实施记录与效果分析，作为研究报告的支撑材料。',
  );
  await step('question', a5, 'publishFaq', who.admin);

  await notify(ctx, {
    userIds: Object.values(who).map((u) => u.userId),
    kind: 'system',
    title: '系统通知：会议管理与专家答疑功能已开通',
    body: '会议邀请、参会确认、专家答疑的分派与回复将在此处提醒您。',
    link: '/meetingManagement',
  });
  await notify(ctx, {
    userIds: [who.province.userId, who.admin.userId, who.city1123.userId],
    kind: 'questionAsked',
    title: '有新的专家答疑问题待分派',
    body: '课题负责人提交了新的问题，请分派给相应领域的专家。',
    link: '/expertQuetion',
  });
  return true;
}

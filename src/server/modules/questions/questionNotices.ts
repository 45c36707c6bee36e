import type { AppContext } from '../../platform/AppContext.js';
import type { RecordChange } from '../../platform/records/Engine.js';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import { tableName } from '../../platform/records/entityPlan.js';
import { tableExists } from '../../platform/db/tableExists.js';
import { notify } from '../../platform/notifications/notify.js';
import { idList } from '../meetings/people.js';

export const QUESTION_LOOK = '/expertQuetion/lookExpertQuetion';

/**
 * Who hears of a question's progress: routing tells the chosen experts, an answer tells the asker,
 * a follow-up tells the experts again. A saved question naming a topic that is not the asker's
 * own loses that link (a leader may only ask about their own topics).
 */
export async function questionChanged(ctx: AppContext, change: RecordChange): Promise<void> {
  const q = change.record;
  const link = `${QUESTION_LOOK}?id=${q.id}`;
  const title = String(q.title ?? '');
  if ((change.action === 'create' || change.action === 'update') && q.topicId !== null && q.topicId !== undefined) {
    await dropForeignTopic(ctx, change);
    return;
  }
  switch (change.action) {
    case 'route':
      await notify(ctx, {
        userIds: idList(q.expertIds),
        kind: 'questionRouted',
        title: `请回复专家答疑：${title}`,
        body: '管理员已将该问题分派给您，请及时回复。',
        link,
      });
      break;
    case 'answer':
    case 'answerFollowUp':
      await notify(ctx, {
        userIds: q.ownerId ? [q.ownerId] : [],
        kind: 'questionAnswered',
        title: `您的提问已有专家回复：${title}`,
        body: String(q.followUpAnswer ?? q.answer ?? '').slice(0, 100),
        link,
      });
      break;
    case 'followUp':
      await notify(ctx, {
        userIds: idList(q.expertIds),
        kind: 'questionFollowUp',
        title: `提问人追问：${title}`,
        body: String(q.followUp ?? '').slice(0, 100),
        link,
      });
      break;
    default:
  }
}

async function dropForeignTopic(ctx: AppContext, change: RecordChange): Promise<void> {
  const q = change.record;
  const topic = ctx.schemas.entities.get('topic');
  const question = ctx.schemas.entities.get('question')!;
  const store = KyselyRecordStore.of(ctx.database);
  const own =
    topic && (await tableExists(ctx.database, tableName(topic)))
      ? (await store.get(topic, Number(q.topicId)))?.ownerId === q.ownerId
      : false;
  if (!own) await store.update(question, { ...q, topicId: null }, q.version);
}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../AppContext.js';
import { onRecordChange } from '../../platform/records/recordHooks.js';
import { questionChanged } from './questionNotices.js';

/** Expert Q&A is schema pages and the question workflow; this adds the notices and the topic check. */
export async function questionRoutes(_app: FastifyInstance, _opts: { ctx: AppContext }): Promise<void> {
  onRecordChange('question', 'questions.notices', questionChanged);
}

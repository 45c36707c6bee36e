import type { ModuleManifest } from '../../platform/ModuleManifest.js';
import { questionChanged } from './questionNotices.js';

/** Expert Q&A: schema pages and the question workflow; this adds the notices to the people concerned. */
export const questionsModule: ModuleManifest = {
  name: 'questions',
  extend(ctx) {
    ctx.engine.on('question', { afterCommit: questionChanged });
  },
};

import type { FormPageDef } from '../../../shared/schema/types.js';
import type { AppContext } from '../../platform/AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { loadDocumentBuilders } from '../documents/loadDocumentBuilders.js';
import { APPLICATION_PAGE } from '../documents/documentRoutes.js';
import { AppError } from '../../platform/http/AppError.js';
import { allowed } from '../../platform/records/access.js';
import { DictionaryValues } from '../../platform/records/dictionaries.js';
import { entityOf, parseId, storeOf } from './reviewData.js';
import { expertView, targetMapping } from './targetMapping.js';
import { refuseClosedTask, refuseWithdrawnTask } from './closedTask.js';

const EXPERT = '5';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Whether a task's record has a generated application form (topics do; achievements have none). */
export function hasApplication(ctx: AppContext, targetEntity: unknown): boolean {
  return targetEntity === 'topic' && ctx.schemas.pages.get(APPLICATION_PAGE)?.kind === 'form';
}

/**
 * The application form of the topic a review task is about, generated from the topic as the
 * task's reader may see it: .docx, or for the expert of a blind batch a PDF without the identity
 * fields (`"identity": true` in the entity schema), the same record review/task answers, never the topic's own download
 * (which needs the topic's read right an expert does not have). ID and phone numbers are masked.
 */
export async function reviewApplication(
  ctx: AppContext,
  user: SessionUser,
  reviewId: unknown,
): Promise<{ filename: string; contentType: string; buffer: Buffer }> {
  const reviewEntity = entityOf(ctx, 'review');
  const review = await storeOf(ctx).get(reviewEntity, parseId(reviewId));
  if (review) refuseClosedTask(user, review);
  else await refuseWithdrawnTask(ctx, user, parseId(reviewId));
  if (!review || !allowed(reviewEntity, 'read', review, user)) throw AppError.notFound();
  if (!hasApplication(ctx, review.targetEntity)) throw AppError.notFound('该评审对象没有申报书');
  const batch = await storeOf(ctx).get(entityOf(ctx, 'reviewBatch'), Number(review.batchId));
  const m = targetMapping(ctx, 'topic');
  const topic = entityOf(ctx, 'topic');
  const record = await storeOf(ctx).get(topic, Number(review.targetId));
  if (!batch || !record) throw AppError.notFound();
  const blind = batch.blind === true && user.roleCode === EXPERT;
  const workflow = topic.workflow ? (ctx.schemas.workflows.get(topic.workflow) ?? null) : null;
  const input = {
    page: ctx.schemas.pages.get(APPLICATION_PAGE) as FormPageDef,
    entity: topic,
    workflow,
    record: expertView(m, record, blind),
    dicts: new DictionaryValues(ctx),
    unmasked: false,
  };
  const name = String(record[m.nameField] ?? '')
    .replace(/[\\/:*?"<>|\r\n]/g, '_')
    .slice(0, 60);
  const { applicationDocx, applicationPdf } = await loadDocumentBuilders();
  // Blind: a PDF without the identity fields, said as 匿名评审（已隐去）, and without any author property.
  if (blind)
    return {
      filename: `${name}申报书（隐名）.pdf`,
      contentType: 'application/pdf',
      buffer: await applicationPdf({ ...input, hidden: new Set(m.identityFields) }),
    };
  return { filename: `${name}申报书.docx`, contentType: DOCX, buffer: await applicationDocx(input) };
}

import type { AppContext } from '../../platform/AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/http/AppError.js';
import { ResourceService } from '../../platform/resources/ResourceService.js';
import { loadBatch } from './reviewData.js';
import type { AnswerOf } from '../../../shared/contracts/contract.js';
import type { reviewCalls } from '../../../shared/contracts/review.js';

const COPIED = [
  'level',
  'stage',
  'targetEntity',
  'startTime',
  'endTime',
  'blind',
  'outOfArea',
  'expertsPerTopic',
  'rule',
  'scoreMode',
  'disagreementThreshold',
  'criteria',
  'recommendations',
  'description',
];

/** A new batch with the same settings and an unfrozen copy of the template (how a used template is changed). */
export async function copyBatch(
  ctx: AppContext,
  user: SessionUser,
  body: Record<string, unknown>,
): Promise<AnswerOf<typeof reviewCalls.copyBatch>> {
  const { batch } = await loadBatch(ctx, user, body.id, 'read');
  const service = new ResourceService(ctx);
  const values: Record<string, unknown> = { name: `${String(batch.name)}（副本）`.slice(0, 100) };
  for (const f of COPIED) values[f] = batch[f] ?? null;
  if (!values.name) throw AppError.invalid();
  const saved = await service.save('reviewBatch', values, user);
  const store = service.store;
  const entity = ctx.schemas.entities.get('reviewBatch')!;
  const rec = await store.get(entity, Number(saved.id));
  if (rec) await store.update(entity, { ...rec, copiedFrom: batch.id }, rec.version);
  return { id: saved.id as number };
}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/AppContext.js';
import { currentUser } from '../../platform/auth/authPlugin.js';
import { contractRoute } from '../../platform/http/contractRoute.js';
import { reviewCalls } from '../../../shared/contracts/review.js';
import { contentDisposition } from '../../platform/resources/csv.js';
import { allocateExperts, candidates, unassign } from './allocationService.js';
import { endReview } from './endReview.js';
import { identityOnUpload } from './identityUpload.js';
import { copyBatch } from './copyBatch.js';
import { peerReviews } from './peerReviews.js';
import { discussion, postDiscussion } from './discussion.js';
import { confirmReplacement, decline, replacement } from './declineService.js';
import { exportReviews } from './reviewExport.js';
import { reviewApplication } from './reviewApplication.js';
import { ranking } from './ranking.js';
import { decide } from './reviewDecision.js';
import { progress, reopen, remind, saveScore, task } from './scoringService.js';

const subAct = { type: 'string', maxLength: 8 } as const;
const id = {
  anyOf: [
    { type: 'integer', minimum: 1 },
    { type: 'string', pattern: '^[0-9]{1,15}$' },
  ],
} as const;
const obj = (properties: Record<string, unknown>, required: string[]) => ({
  body: { type: 'object', properties: { subAct, ...properties }, required, additionalProperties: false },
});
const batchOnly = obj({ batchId: id }, ['batchId']);

type B = { Body: Record<string, unknown> };

/**
 * The expert review endpoints no schema can express: allocation, scoring, progress, reminders,
 * the end of a review (SPEC §7 tTopicReview/checkEndReview) and the xlsx export. Records
 * themselves (experts, batches, reviews) are listed and read through the generic resources API.
 */
export async function reviewRoutes(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { ctx } = opts;
  contractRoute(app, reviewCalls.candidates, batchOnly, async (req) => candidates(ctx, currentUser(req), req.body));
  contractRoute(
    app,
    reviewCalls.allocate,
    obj(
      {
        batchId: id,
        mode: { type: 'string', enum: ['auto', 'manual'] },
        targetIds: { type: 'array', items: id, minItems: 1, maxItems: 1000 },
        pairs: {
          type: 'array',
          maxItems: 5000,
          items: {
            type: 'object',
            properties: { targetId: id, expertId: id },
            required: ['targetId', 'expertId'],
            additionalProperties: false,
          },
        },
      },
      ['batchId', 'mode', 'targetIds'],
    ),
    async (req) => allocateExperts(ctx, currentUser(req), req.body),
    '分配成功',
  );
  contractRoute(
    app,
    reviewCalls.identityScan,
    obj(
      {
        entity: { type: 'string', maxLength: 64 },
        field: { type: 'string', maxLength: 64 },
        fileId: id,
        id: { anyOf: [id, { type: 'null' }] },
        record: { type: ['object', 'null'] },
      },
      ['entity', 'field', 'fileId'],
    ),
    async (req) => identityOnUpload(ctx, currentUser(req), req.body),
  );
  contractRoute(
    app,
    reviewCalls.unassign,
    obj({ id }, ['id']),
    async (req) => unassign(ctx, currentUser(req), req.body),
    '操作成功！',
  );
  contractRoute(app, reviewCalls.task, obj({ id }, ['id']), async (req) => task(ctx, currentUser(req), req.body));
  contractRoute(
    app,
    reviewCalls.score,
    obj(
      {
        id,
        version: { type: 'integer', minimum: 1 },
        submit: { type: 'boolean' },
        scores: {
          type: 'object',
          maxProperties: 20,
          additionalProperties: { anyOf: [{ type: 'number' }, { type: 'string', maxLength: 10 }, { type: 'null' }] },
        },
        recommendation: { type: ['string', 'null'], maxLength: 30 },
        confidence: { type: ['string', 'null'], maxLength: 4 },
        comment: { type: ['string', 'null'], maxLength: 2000 },
      },
      ['id', 'version'],
    ),
    async (req) => saveScore(ctx, currentUser(req), req.body),
    (_, req) => (req.body.submit === true ? '提交成功' : '保存成功'),
  );
  contractRoute(
    app,
    reviewCalls.reopen,
    obj({ id, comment: { type: ['string', 'null'], maxLength: 2000 } }, ['id']),
    async (req) => reopen(ctx, currentUser(req), req.body),
    '操作成功！',
  );
  contractRoute(
    app,
    reviewCalls.decline,
    obj(
      {
        id,
        kind: { type: 'string', maxLength: 10 },
        conflictType: { type: ['string', 'null'], maxLength: 4 },
        reason: { type: ['string', 'null'], maxLength: 2000 },
      },
      ['id', 'kind'],
    ),
    async (req) => decline(ctx, currentUser(req), req.body),
    (_, req) => (req.body.kind === 'conflict' ? '已申报回避，等待确认' : '已谢绝评审，等待确认'),
  );
  contractRoute(app, reviewCalls.replacement, obj({ id }, ['id']), async (req) =>
    replacement(ctx, currentUser(req), req.body),
  );
  contractRoute(
    app,
    reviewCalls.replace,
    obj({ id, expertId: id }, ['id', 'expertId']),
    async (req) => confirmReplacement(ctx, currentUser(req), req.body),
    '已替换专家',
  );
  contractRoute(app, reviewCalls.peers, obj({ id }, ['id']), async (req) =>
    peerReviews(ctx, currentUser(req), req.body),
  );
  contractRoute(app, reviewCalls.discussion, obj({ id }, ['id']), async (req) =>
    discussion(ctx, currentUser(req), req.body),
  );
  contractRoute(
    app,
    reviewCalls.discussionPost,
    obj({ id, content: { type: ['string', 'null'], maxLength: 4000 }, replyTo: { anyOf: [id, { type: 'null' }] } }, [
      'id',
    ]),
    async (req) => postDiscussion(ctx, currentUser(req), req.body),
    '发言成功',
  );
  contractRoute(app, reviewCalls.progress, batchOnly, async (req) => progress(ctx, currentUser(req), req.body));
  contractRoute(
    app,
    reviewCalls.remind,
    batchOnly,
    async (req) => remind(ctx, currentUser(req), req.body),
    (r) => `已提醒${r.reminded}位专家`,
  );
  contractRoute(app, reviewCalls.ranking, batchOnly, async (req) => ranking(ctx, currentUser(req), req.body));
  contractRoute(
    app,
    reviewCalls.decide,
    obj(
      {
        batchId: id,
        targetId: id,
        decision: { type: 'string', maxLength: 4 },
        note: { type: ['string', 'null'], maxLength: 500 },
      },
      ['batchId', 'targetId', 'decision'],
    ),
    async (req) => decide(ctx, currentUser(req), req.body),
    '决定已记录',
  );
  contractRoute(
    app,
    reviewCalls.copyBatch,
    obj({ id }, ['id']),
    async (req) => copyBatch(ctx, currentUser(req), req.body),
    '复制成功',
  );
  contractRoute(
    app,
    reviewCalls.endReview,
    obj({ batchId: id, force: { type: 'boolean' }, reason: { type: ['string', 'null'], maxLength: 500 } }, ['batchId']),
    async (req) => endReview(ctx, currentUser(req), req.body),
    '评审已结束',
  );
  app.post<{ Querystring: { id: string } }>(
    '/review/application',
    {
      preValidation: async (req) => {
        if (req.body === undefined) req.body = {};
      },
      schema: {
        querystring: {
          type: 'object',
          properties: { id: { type: 'string', pattern: '^[0-9]{1,15}$' } },
          required: ['id'],
          additionalProperties: false,
        },
        body: { type: 'object', properties: { subAct }, additionalProperties: false },
      },
    },
    async (req, reply) => {
      const { filename, contentType, buffer } = await reviewApplication(ctx, currentUser(req), req.query.id);
      return reply
        .header('content-type', contentType)
        .header('content-disposition', contentDisposition(filename))
        .header('cache-control', 'no-store')
        .send(buffer);
    },
  );
  // The batch in the body, or in the query (a list row's download action: review/export?batchId=:id).
  app.post<B & { Querystring: { batchId?: string } }>(
    '/review/export',
    {
      preValidation: async (req) => {
        if (req.body === undefined) req.body = {};
      },
      schema: {
        querystring: {
          type: 'object',
          properties: { batchId: { type: 'string', pattern: '^[0-9]{1,15}$' } },
          additionalProperties: false,
        },
        body: { type: 'object', properties: { subAct, batchId: id }, additionalProperties: false },
      },
    },
    async (req, reply) => {
      const { filename, buffer } = await exportReviews(ctx, currentUser(req), {
        batchId: req.body.batchId ?? req.query.batchId,
      });
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition(filename))
        .header('cache-control', 'no-store')
        .send(buffer);
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/AppContext.js';
import { currentUser } from '../../platform/auth/authPlugin.js';
import { contractRoute } from '../../platform/http/contractRoute.js';
import { AppError } from '../../platform/http/AppError.js';
import { bundledMetaSchema, metaFileOf } from '../../platform/schemas/bundleMeta.js';
import { metaDirOf } from '../../platform/schemas/metaValidation.js';
import { docOf, fileOfKey } from '../../platform/schemas/schemaDocs.js';
import { versionById, versionsOf } from '../../platform/schemas/schemaVersions.js';
import { assertKey, assertStudioUser, checkChange, parseContent, publish, rollback } from './studioService.js';
import { studioTree } from './studioTree.js';
import { impactOf } from './dryRun.js';
import { outlineChangesOf } from './outlineImpact.js';
import { assertBaseCurrent, decidable, decide, listProposals, PROPOSAL_MESSAGES } from './proposals.js';
import { jsonDiff } from '../../../shared/schema/jsonDiff.js';
import { studioCalls } from '../../../shared/contracts/studio.js';
import type { JsonSchema } from '../../../shared/schema/metaSchemaAt.js';

const subAct = { type: ['string', 'number', 'null'], maxLength: 100 };
const key = { type: 'string', minLength: 1, maxLength: 200 };
const content = { type: 'string', minLength: 1, maxLength: 1_000_000 };
const reason = { type: 'string', minLength: 1, maxLength: 500 };
const versionId = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };
const body = (properties: Record<string, unknown>, required: string[]) => ({
  body: { type: 'object', properties: { subAct, ...properties }, required, additionalProperties: false },
});

/**
 * The schema studio (表单设计): browse the schema files with where each is used, check an edited
 * file with the whole set as `npm run schemas:check` does, publish it as a new version served at
 * once by every process, and roll back to any earlier version. Super admin and analyst only.
 */
export async function studioRoutes(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { ctx } = opts;
  const metaOf = (key: string, doc: unknown) => {
    const file = metaFileOf(key, doc);
    // The bundled document is a JSON Schema: the meta-schemas under schemas/meta/ are.
    return file ? (bundledMetaSchema(metaDirOf(ctx.schemas.root), file) as JsonSchema) : null;
  };
  const user = (req: Parameters<typeof currentUser>[0]) => {
    const u = currentUser(req);
    assertStudioUser(u);
    return u;
  };

  contractRoute(app, studioCalls.tree, body({}, []), async (req) => {
    user(req);
    return { items: studioTree(ctx.schemas) };
  });

  contractRoute(app, studioCalls.get, body({ key }, ['key']), async (req) => {
    user(req);
    assertKey(req.body.key);
    const doc = docOf(ctx.schemas, req.body.key);
    if (doc === undefined) throw AppError.notFound('配置文件不存在');
    return {
      key: req.body.key,
      file: fileOfKey(ctx.schemas, req.body.key)
        .split(/[\\/]schemas[\\/]/)
        .pop() as string,
      content: `${JSON.stringify(doc, null, 2)}\n`,
      // For the editor's completion and hover: the meta-schema of the file, in one document.
      meta: metaOf(req.body.key, doc),
      versions: await versionsOf(ctx.database.db, req.body.key),
      published: ctx.schemaRegistry.served,
    };
  });

  contractRoute(app, studioCalls.check, body({ key, content }, ['key', 'content']), async (req) => {
    user(req);
    assertKey(req.body.key, ctx.schemas);
    const parsed = parseContent(ctx.schemas, req.body.key, req.body.content);
    const published = ctx.schemaRegistry.served;
    if (parsed.problems.length) return { problems: parsed.problems, changes: [], published };
    const { problems } = await checkChange(ctx, req.body.key, parsed.doc);
    return { problems, changes: jsonDiff(docOf(ctx.schemas, req.body.key), parsed.doc), published };
  });

  contractRoute(app, studioCalls.dryRun, body({ key, content }, ['key', 'content']), async (req) => {
    user(req);
    assertKey(req.body.key, ctx.schemas);
    const parsed = parseContent(ctx.schemas, req.body.key, req.body.content);
    if (parsed.problems.length) return { problems: parsed.problems, impact: [], outlines: [] };
    const { problems } = await checkChange(ctx, req.body.key, parsed.doc);
    // Only a set that passes the checks is run against the stored data.
    if (problems.length) return { problems, impact: [], outlines: [] };
    return {
      problems,
      impact: await impactOf(ctx, req.body.key, parsed.doc),
      outlines: outlineChangesOf(ctx, req.body.key, parsed.doc),
    };
  });

  contractRoute(
    app,
    studioCalls.publish,
    body({ key, content, reason, confirm: { type: 'boolean' } }, ['key', 'content', 'reason']),
    async (req) => publish(ctx, user(req), req.body),
    (a) => (a.proposalId ? PROPOSAL_MESSAGES.proposed : '发布成功'),
  );

  contractRoute(
    app,
    studioCalls.rollback,
    body({ versionId, reason, confirm: { type: 'boolean' } }, ['versionId']),
    async (req) => rollback(ctx, user(req), req.body),
    (a) => (a.proposalId ? PROPOSAL_MESSAGES.proposed : '回滚成功'),
  );

  contractRoute(
    app,
    studioCalls.proposals,
    body({ status: { type: 'string', enum: ['pending', 'approved', 'rejected'] } }, []),
    async (req) => {
      user(req);
      return { items: await listProposals(ctx.database.db, req.body.status) };
    },
  );

  const comment = { type: 'string', maxLength: 500 };
  const proposalId = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };
  contractRoute(
    app,
    studioCalls.approve,
    body({ id: proposalId, comment }, ['id']),
    async (req) => {
      const u = user(req);
      const p = await decidable(ctx, u, req.body.id);
      await assertBaseCurrent(ctx, p);
      const done = await publish(ctx, u, {
        key: p.key,
        content: p.content,
        reason: `${p.reason}（${p.proposedByName ?? ''} 提出，${u.realName} 批准）`,
        confirm: true,
        rolledBackTo: p.rolledBackTo ?? undefined,
        approved: true,
      });
      await decide(ctx, u, p, 'approved', req.body.comment?.trim() || null, done.id);
      return done;
    },
    '已批准并发布',
  );

  contractRoute(
    app,
    studioCalls.reject,
    body({ id: proposalId, comment: { ...comment, minLength: 1 } }, ['id', 'comment']),
    async (req) => {
      const u = user(req);
      const p = await decidable(ctx, u, req.body.id);
      await decide(ctx, u, p, 'rejected', req.body.comment.trim(), null);
      return { id: p.id };
    },
    '已驳回',
  );

  contractRoute(app, studioCalls.version, body({ versionId }, ['versionId']), async (req) => {
    user(req);
    const v = await versionById(ctx.database.db, req.body.versionId);
    if (!v) throw AppError.notFound('版本不存在');
    return { ...v, content: `${JSON.stringify(JSON.parse(v.content), null, 2)}\n` };
  });
}

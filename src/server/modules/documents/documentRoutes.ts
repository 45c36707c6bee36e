import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FormPageDef } from '../../../shared/schema/types.js';
import type { AppContext } from '../../platform/AppContext.js';
import { currentUser } from '../../platform/auth/authPlugin.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/http/AppError.js';
import { contractRoute } from '../../platform/http/contractRoute.js';
import { contentDisposition } from '../../platform/resources/csv.js';
import { ResourceService } from '../../platform/resources/ResourceService.js';
import { effectiveSite } from '../system/site/siteRules.js';
import { emptyBodyIsObject, objectSchema, str } from '../../platform/http/requestSchemas.js';
import { certificateNo, certificateYear, parseCertificateNo } from './certificateNo.js';
import { loadDocumentBuilders } from './loadDocumentBuilders.js';
import { CONCLUDED, certificateFacts } from './certificateFacts.js';
import { documentCalls } from '../../../shared/contracts/documents.js';

/** The page whose layout the application document follows. */
export const APPLICATION_PAGE = 'topics/topic.application';
export { CONCLUDED };

/** The full address of the public check page of a number, printed on the paper (and in its QR code). */
export function certificateCheckUrl(ctx: AppContext, no: string): string {
  return `${ctx.config.channels?.publicUrl ?? ''}/verify?no=${encodeURIComponent(no)}`;
}

const idQuery = {
  querystring: objectSchema({ id: { type: 'string', pattern: '^[0-9]{1,10}$' } }, ['id']),
  body: objectSchema(),
};

function send(reply: FastifyReply, type: string, filename: string, bytes: Buffer) {
  return reply
    .header('content-type', type)
    .header('content-disposition', contentDisposition(filename))
    .header('cache-control', 'no-store')
    .send(bytes);
}

const safeName = (s: unknown) =>
  String(s ?? '')
    .replace(/[\\/:*?"<>|\r\n]/g, '_')
    .slice(0, 60);

/**
 * Documents people print: the application form (.docx) and the conclusion certificate (.pdf) of a
 * topic, each for whoever may read the topic (the resources engine's own per-record check), and
 * the public certificate check.
 */
export async function documentRoutes(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { ctx } = opts;
  emptyBodyIsObject(app);
  const service = new ResourceService(ctx);
  /** The topic as its reader gets it: 403 without the right, 404 out of scope (never revealed). */
  const readTopic = (id: string, user: SessionUser) => service.get('topic', { id }, user);

  app.post('/documents/application', { schema: idQuery }, async (request, reply) => {
    const user = currentUser(request);
    const record = await readTopic((request.query as { id: string }).id, user);
    const page = ctx.schemas.pages.get(APPLICATION_PAGE);
    if (page?.kind !== 'form') throw AppError.notFound('申报书版式不存在');
    const entity = service.entity('topic');
    const workflow = entity.workflow ? (ctx.schemas.workflows.get(entity.workflow) ?? null) : null;
    const { applicationDocx } = await loadDocumentBuilders();
    const bytes = await applicationDocx({
      page: page as FormPageDef,
      entity,
      workflow,
      record,
      dicts: service.dicts,
      // The record comes masked for this reader by the engine (fieldMasks): the holder and the
      // administrators read the numbers whole, as on the look page, everyone else masked.
      unmasked: true,
    });
    return send(
      reply,
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      `${safeName(record.name)}申报书.docx`,
      bytes,
    );
  });

  app.post('/documents/certificate', { schema: idQuery }, async (request, reply) => {
    const user = currentUser(request);
    const record = await readTopic((request.query as { id: string }).id, user);
    if (record.status !== CONCLUDED) throw new AppError('课题尚未结题，不能下载结题证书', 400, 400);
    const id = Number(record.id);
    const facts = await certificateFacts(service, record);
    const site = await effectiveSite(ctx);
    const no = await certificateNo(ctx, record.year, id);
    const { certificatePdf } = await loadDocumentBuilders();
    const bytes = await certificatePdf({
      no,
      topicName: String(record.name ?? ''),
      topicNo: String(record.topicNo ?? ''),
      leader: facts.holder,
      members: facts.members,
      unit: facts.unit,
      date: facts.date,
      checkUrl: certificateCheckUrl(ctx, no),
      issuer: site.organize || site.systemName || '课题管理平台',
    });
    return send(reply, 'application/pdf', `${safeName(record.name)}结题证书.pdf`, bytes);
  });

  /** Public: a certificate number answers what the paper prints (holder, unit, topic, date) and the status, nothing else. */
  contractRoute(
    app,
    documentCalls.verifyCertificate,
    {
      config: { auth: 'public' },
      schema: { body: objectSchema({ no: str(40) }, ['no']) },
    },
    async (request) => {
      const notFound = () => AppError.notFound('未查询到该证书编号，请核对后重新输入');
      const parsed = await parseCertificateNo(ctx, request.body.no);
      if (!parsed) throw notFound();
      const entity = service.entity('topic');
      const rec = await service.store.get(entity, parsed.id);
      if (!rec || rec.status !== CONCLUDED || certificateYear(rec.year) !== parsed.year) throw notFound();
      const workflow = entity.workflow ? ctx.schemas.workflows.get(entity.workflow) : undefined;
      const statusName = workflow?.statuses.find((s) => s.code === rec.status)?.label ?? '已结题';
      // What the paper says, so a reader compares them: holder, unit, topic, date and number.
      const facts = await certificateFacts(service, rec);
      return {
        no: request.body.no.trim().toUpperCase(),
        // A required field of the topic entity.
        topicName: rec.name as string,
        holder: facts.holder,
        unit: facts.unit,
        date: facts.date,
        status: rec.status,
        statusName,
        result: '证书有效',
      };
    },
  );
}

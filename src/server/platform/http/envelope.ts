import type { FastifyInstance, FastifyError } from 'fastify';
import type { Envelope } from '../../../shared/envelope.js';
import { MESSAGES } from '../../../shared/envelope.js';
import { AppError } from './AppError.js';
import { isPageAddress, markRefusedAddress } from './refusedAddress.js';
import { RuleBudgetError } from '../../../shared/rules/evaluate.js';

export function ok<T>(data: T, result = 'ok'): Envelope<T> {
  return { flag: true, data, result };
}

/**
 * Installs the error and not-found handlers so every failure is an envelope:
 * client mistakes say 参数不合法 (never 500), and nothing internal leaks.
 */
export function installEnvelopeHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    // A page's address the checks refuse as malformed names no page: the site's 404 page, for a browser.
    if ((error as { statusCode?: number }).statusCode === 400 && isPageAddress(request) && !reply.sent) {
      markRefusedAddress(request);
      return reply.callNotFound();
    }
    if (error instanceof AppError) {
      const body: Envelope = { flag: false, data: error.details ?? null, result: error.message, code: error.code };
      return reply.status(error.statusCode).send(body);
    }
    // A rule over its budget (a costly rule the checker did not see): this request ends, clearly.
    if (error instanceof RuleBudgetError) {
      request.log.warn({ url: request.url }, 'rule evaluation over budget');
      return reply.status(503).send({ flag: false, data: null, result: error.message, code: 503 } satisfies Envelope);
    }
    const fe = error as FastifyError;
    // Fastify's own client errors: schema validation, bad JSON, wrong content type, too large...
    if (fe.validation || (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500)) {
      request.log.info({ err: { message: fe.message, code: fe.code } }, 'client error');
      const status = fe.statusCode === 413 ? 413 : fe.statusCode === 415 ? 415 : 400;
      const body: Envelope = { flag: false, data: null, result: MESSAGES.invalidParams, code: status };
      return reply.status(status).send(body);
    }
    // PostgreSQL's data exceptions (class 22: a value out of range, bad text, a NUL byte) are a
    // client's bad value that slipped past the route's checks: 参数不合法, never 500.
    const pgCode = (error as { code?: unknown; severity?: unknown }).severity
      ? String((error as { code?: unknown }).code ?? '')
      : '';
    if (/^22/.test(pgCode)) {
      request.log.warn({ err: { message: error.message, code: pgCode } }, 'bad value reached the database');
      return reply
        .status(400)
        .send({ flag: false, data: null, result: MESSAGES.invalidParams, code: 400 } satisfies Envelope);
    }
    request.log.error({ err: error }, 'unhandled error');
    const body: Envelope = { flag: false, data: null, result: MESSAGES.serviceError, code: 500 };
    return reply.status(500).send(body);
  });
}

import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { AnswerOf, AnyContract, RequestOf } from '../../../shared/contracts/contract.js';
import { ok } from './envelope.js';

/**
 * Registers POST /<contract.path> answering the contract's answer in the envelope: the handler
 * gets the body typed as the contract's request (after `schema` has checked it) and must answer
 * the contract's answer type, the same type the client module reads. `result` is the envelope's
 * message (a toast's words), fixed or from the answer and the request.
 */
export function contractRoute<C extends AnyContract>(
  app: FastifyInstance,
  contract: C,
  schema: FastifySchema,
  handle: (req: FastifyRequest<{ Body: RequestOf<C> }>) => Promise<AnswerOf<C>>,
  result?: string | ((answer: AnswerOf<C>, req: FastifyRequest<{ Body: RequestOf<C> }>) => string),
): void {
  app.post<{ Body: RequestOf<C> }>(`/${contract.path}`, { schema }, async (req) => {
    const answer = await handle(req);
    return ok(answer, typeof result === 'function' ? result(answer, req) : result);
  });
}

import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { AnswerOf, AnyContract, RequestOf } from '../../../shared/contracts/contract.js';
import { ok } from './envelope.js';

/** A contract route's schema, with the route's config beside it when it has one (e.g. `auth: 'public'`). */
export interface ContractRouteOptions {
  schema: FastifySchema;
  config?: FastifyContextConfig;
}

type ContractRequest<C extends AnyContract> = FastifyRequest<{ Body: RequestOf<C> }>;

/**
 * Registers POST /<contract.path> answering the contract's answer in the envelope: the handler
 * gets the body typed as the contract's request (after `schema` has checked it) and must answer
 * the contract's answer type, the same type the client module reads. `result` is the envelope's
 * message (a toast's words), fixed or from the answer and the request.
 */
export function contractRoute<C extends AnyContract>(
  app: FastifyInstance,
  contract: C,
  route: FastifySchema | ContractRouteOptions,
  handle: (req: ContractRequest<C>, reply: FastifyReply) => Promise<AnswerOf<C>>,
  result?: string | ((answer: AnswerOf<C>, req: ContractRequest<C>) => string),
): void {
  const options = 'schema' in route ? (route as ContractRouteOptions) : { schema: route };
  app.post<{ Body: RequestOf<C> }>(`/${contract.path}`, options, async (req, reply) => {
    const answer = await handle(req, reply);
    return ok(answer, typeof result === 'function' ? result(answer, req) : result);
  });
}

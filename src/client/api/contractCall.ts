/**
 * A module's call by its contract (src/shared/contracts/) through the request layer, for callers
 * outside the runtime's data provider (the shell): POST /api/<path>, the body and the answer typed
 * by the contract the server registers the route from, with the request layer's options.
 */
import type { AnswerOf, AnyContract, RequestOf } from '../../shared/contracts/contract.js';
import { http, type CallOptions } from './http.js';

export function contractCall<C extends AnyContract>(
  call: C,
  body: RequestOf<C>,
  options?: CallOptions,
): Promise<AnswerOf<C>> {
  return http.post<AnswerOf<C>>(call.path, body, options);
}

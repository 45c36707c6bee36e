/**
 * A call a client module makes to its server module: its path under /api/, what the browser sends
 * and what the server answers (the envelope's data). Both sides take the types from one contract:
 * the client's typed moduleCall (src/client/runtime/data/dataProvider.ts) and the server's
 * contractRoute (src/server/platform/http/contractRoute.ts), so an answer's shape is declared once.
 */
export interface Contract<Request, Answer> {
  readonly path: string;
  /**
   * The call changes data. Declared here, beside the path, so whoever watches the calls (the firing
   * crawler, counting what a press wrote) need not guess it from the path's words.
   */
  readonly write?: true;
  /** Never set: carries the request and answer types for the compiler only. */
  readonly types?: { request: Request; answer: Answer };
}

export type AnyContract = Contract<unknown, unknown>;
export type RequestOf<C> = C extends Contract<infer R, unknown> ? R : never;
export type AnswerOf<C> = C extends Contract<unknown, infer A> ? A : never;

export function contract<Request, Answer>(path: string, options: { write?: boolean } = {}): Contract<Request, Answer> {
  return options.write ? { path, write: true } : { path };
}

/** The path of a call given as a contract or, for a call without one, as its path. */
export function callPath(call: AnyContract | string): string {
  return typeof call === 'string' ? call : call.path;
}

/** A record id as a body carries it: a number, or its digits (a route's `:id`). */
export type Id = number | string;

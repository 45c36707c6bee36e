/**
 * JSON-schema helpers for route declarations. Every body and query is an object that refuses
 * unknown keys (so a typo answers 参数不合法 instead of being ignored) and accepts `subAct`, which
 * every call carries (SPEC §7).
 */
import type { FastifyInstance } from 'fastify';

type JsonSchema = Record<string, unknown>;

/**
 * A POST without any body (SPEC §7 lists calls whose payload is "none") is read as `{}`, so it
 * meets the route's object schema. A body that is present but not an object still fails it.
 */
export function emptyBodyIsObject(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.method === 'POST') request.body = {};
  });
}

export const SUB_ACT = { type: 'string', maxLength: 16 } as const;

export function objectSchema(properties: Record<string, JsonSchema> = {}, required: string[] = []): JsonSchema {
  return { type: 'object', additionalProperties: false, properties: { subAct: SUB_ACT, ...properties }, required };
}

export const str = (maxLength: number, extra: JsonSchema = {}): JsonSchema => ({ type: 'string', maxLength, ...extra });

/** Cache-busting keys that JSONP and image loaders append (`_`, `t`). */
export const CACHE_BUSTERS = { _: str(32), t: str(32) };

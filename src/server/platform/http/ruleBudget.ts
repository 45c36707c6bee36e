import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { useRuleMeter, type RuleMeter } from '../../../shared/rules/evaluate.js';

/**
 * Steps of rule evaluation one request may spend, over all its rules and rows: a rule that slipped
 * past the checker's cost limit ends its own request with a clear error (envelope.ts) instead of
 * holding the process, and every other request goes on.
 */
export const REQUEST_RULE_STEPS = 3_000_000;

const meters = new AsyncLocalStorage<RuleMeter>();
useRuleMeter(() => meters.getStore());

export function installRuleBudget(app: FastifyInstance, limit = REQUEST_RULE_STEPS): void {
  app.addHook('onRequest', (_req, _reply, done) => meters.run({ steps: 0, limit }, done));
}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../AppContext.js';

export async function resourceRoutes(_app: FastifyInstance, _opts: { ctx: AppContext }): Promise<void> {}

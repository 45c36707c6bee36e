import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../AppContext.js';

export async function systemRoutes(_app: FastifyInstance, _opts: { ctx: AppContext }): Promise<void> {}

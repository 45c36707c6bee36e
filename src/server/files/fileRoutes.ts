import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../AppContext.js';

export async function fileRoutes(_app: FastifyInstance, _opts: { ctx: AppContext }): Promise<void> {}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../AppContext.js';
import { startConversionWorker } from './conversionWorker.js';

/** Works the conversion queue while the server runs; on close the converters running here stop and their jobs go back to the queue. */
export function startConversions(app: FastifyInstance, ctx: AppContext): void {
  const stop = startConversionWorker(ctx);
  app.addHook('onClose', async () => stop());
}

import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { loadConfig, type ServerConfig } from './platform/config/config.js';
import { buildApp } from './app.js';
import { reportReady, serveWorkers } from './platform/cluster/serveWorkers.js';
import { describeDemoAccounts } from './platform/seed/demoUsers.js';
import { gracefulClose } from './platform/http/gracefulClose.js';

/** Plain lines on stdout so a person starting the portal sees where it is and how to log in. */
function announce(config: ServerConfig, port: number): void {
  const where = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
  const processes = config.workers > 1 ? `, ${config.workers} processes` : '';
  console.log(`\nPortal listening on http://localhost:${port}${config.basePath}  (data: ${where}${processes})`);
  if (!config.production) console.log(describeDemoAccounts(config.demoPassword));
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) {
    const { port, stop } = await serveWorkers(config.workers);
    const onSignal = () => void stop().then(() => process.exit(0));
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    announce(config, port);
    return;
  }
  const { app } = await buildApp(config);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(
      { signal, drainMs: config.shutdownDrainMs },
      'shutting down: not ready any more, finishing requests in flight',
    );
    const finished = await gracefulClose(app, config.shutdownDrainMs, config.shutdownTimeoutMs);
    if (!finished) app.log.warn('requests still in flight after SHUTDOWN_TIMEOUT_SECONDS: stopping anyway');
    process.exit(finished ? 0 : 1);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  if (cluster.isWorker) reportReady(port);
  else announce(config, port);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

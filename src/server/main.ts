import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { describeDemoAccounts } from './db/seed/demoUsers.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const { app } = await buildApp(config);
  const stop = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
  // Plain lines on stdout so a person starting the portal sees where it is and how to log in.
  console.log(`\nPortal listening on http://localhost:${config.port}${config.basePath}  (data: ${where})`);
  if (!config.production) console.log(describeDemoAccounts(config.demoPassword));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

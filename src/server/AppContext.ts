import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from './config.js';
import type { Database } from './platform/db/database.js';
import type { SchemaSet } from './platform/schemas/SchemaSet.js';

/** What every server module is handed: configuration, the database and the loaded schemas. */
export interface AppContext {
  config: ServerConfig;
  database: Database;
  schemas: SchemaSet;
  log: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

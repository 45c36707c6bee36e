import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from './config/config.js';
import type { Database } from './db/database.js';
import type { SchemaSet } from './schemas/SchemaSet.js';
import type { SchemaRegistry } from './schemas/schemaRegistry.js';

/** What every server module is handed: configuration, the database and the loaded schemas. */
export interface AppContext {
  config: ServerConfig;
  database: Database;
  /** What is served now: the files with the published versions over them (kept up to date in place). */
  schemas: SchemaSet;
  /** Follows the published versions (schema studio) in this and other processes. */
  schemaRegistry: SchemaRegistry;
  log: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

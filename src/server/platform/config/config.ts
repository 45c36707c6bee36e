import { envNumber } from './envNumber.js';
import os from 'node:os';
import path from 'node:path';
import { fileConfigFromEnv, type FileConfig } from './fileConfig.js';
import { channelConfigFromEnv, type ChannelConfig } from './channelConfig.js';
import { conversionConfigFromEnv, type ConversionConfig } from './conversionConfig.js';

/** Everything the server reads from the environment, read once, in one place. */
export interface ServerConfig {
  port: number;
  host: string;
  /** Folder for the SQLite file and stored files. */
  dataDir: string;
  /** When set, PostgreSQL is used instead of the embedded SQLite file. */
  databaseUrl?: string;
  /** PostgreSQL schema (namespace) to work in; tests give each app its own. */
  pgSchema?: string;
  /** Reads as named prepared statements on PostgreSQL (PG_PREPARE=off behind a pooler in transaction mode). */
  pgPrepare?: boolean;
  production: boolean;
  /**
   * Demo records of the modules (meetings, questions, ...): outside production, except in server
   * tests (NODE_ENV=test), which start from empty tables unless a test asks for them; DEMO_DATA=off turns them off.
   */
  demoData: boolean;
  /** Password of the demo accounts; demo accounts exist only outside production. */
  demoPassword: string;
  /** For automated tests only: this code answers every captcha. Refused in production. */
  captchaTestCode?: string;
  /** For automated tests only: every SMS code sent is this one (a browser journey cannot read the phone). Refused in production. */
  smsTestCode?: string;
  /** The spec's "nologin" user-name bypass. Off by default, refused in production. */
  allowNologin: boolean;
  /** Folder of the analysts' JSON schemas. */
  schemasDir: string;
  /** Folder of the built web app; served when it exists. */
  clientDir: string;
  /** Public base path of the web app (the spec's province-specific base path). */
  basePath: string;
  /** Log level for pino. */
  logLevel: string;
  /**
   * Proxies whose X-Forwarded-For is believed (Fastify's trustProxy: a comma-separated address or
   * CIDR list, or true for any). Off by default: otherwise a client could pick its own address and dodge the per-address lock-out.
   */
  trustProxy: boolean | string;
  /** Absolute lifetime of a login (SSO ticket and app token), however busy: SESSION_MAX_HOURS, 12 by default. */
  sessionMaxMs?: number;
  /** Secret for signed upload tokens and the like; when unset one is generated and kept in the database, shared by every process (files/signing.ts). */
  secret?: string;
  /** How often scheduled jobs (topic expiry) run in this process: JOB_INTERVAL_MINUTES, 5 by default; 0 (and server tests) never. */
  jobIntervalMs?: number;
  /**
   * Server processes answering on the one port (WORKERS: a number, or `auto` for one per core; 1 by
   * default). They share the database; see cluster/serveWorkers.ts.
   */
  workers: number;
  /**
   * On SIGTERM: how long readiness answers 503 while requests are still served, before the
   * listener closes (SHUTDOWN_DRAIN_SECONDS; 5 in production, 0 otherwise), and how long requests
   * in flight may take after that before the process stops anyway (SHUTDOWN_TIMEOUT_SECONDS, 60).
   */
  shutdownDrainMs: number;
  shutdownTimeoutMs: number;
  /** File service settings (storage driver, file server URL, token lives); see fileConfig.ts. */
  files?: Partial<FileConfig>;
  /** E-mail (SMTP_*), SMS driver, public address and reminder lead time; see channelConfig.ts. */
  channels?: ChannelConfig;
  /** Conversion of uploaded office, text, video and audio files for the preview (platform/conversion). */
  conversion: ConversionConfig;
}

/** SESSION_MAX_HOURS as milliseconds: a positive number of hours, at most 30 days; 12 hours when unset. */
function sessionMaxMs(env: NodeJS.ProcessEnv): number {
  return (
    envNumber(env, 'SESSION_MAX_HOURS', { min: 0, above: true, max: 720, fraction: true, fallback: 12 }) * 3600_000
  );
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const root = process.cwd();
  const production = env.NODE_ENV === 'production';
  const config: ServerConfig = {
    port: envNumber(env, 'PORT', PORT_RANGE),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(root, env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    pgSchema: env.PG_SCHEMA || undefined,
    pgPrepare: env.PG_PREPARE !== 'off',
    production,
    demoData: !production && (env.DEMO_DATA === 'on' || (env.NODE_ENV !== 'test' && env.DEMO_DATA !== 'off')),
    demoPassword: env.DEMO_PASSWORD ?? 'Demo@2026',
    captchaTestCode: env.CAPTCHA_TEST_CODE || undefined,
    smsTestCode: env.SMS_TEST_CODE || undefined,
    allowNologin: env.ALLOW_NOLOGIN === 'true',
    schemasDir: path.resolve(root, env.SCHEMAS_DIR ?? 'schemas'),
    clientDir: path.resolve(root, env.CLIENT_DIR ?? 'dist'),
    basePath: normaliseBase(env.BASE_PATH ?? '/'),
    logLevel: env.LOG_LEVEL ?? 'info',
    secret: env.APP_SECRET || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    sessionMaxMs: sessionMaxMs(env),
    files: fileConfigFromEnv(env),
    channels: channelConfigFromEnv(env, envNumber(env, 'PORT', PORT_RANGE), normaliseBase(env.BASE_PATH ?? '/')),
    conversion: conversionConfigFromEnv(env),
    jobIntervalMs: jobIntervalMs(env),
    workers: workers(env.WORKERS),
    shutdownDrainMs:
      envNumber(env, 'SHUTDOWN_DRAIN_SECONDS', { min: 0, max: 3600, fallback: production ? 5 : 0 }) * 1000,
    shutdownTimeoutMs: envNumber(env, 'SHUTDOWN_TIMEOUT_SECONDS', { min: 0, max: 3600, fallback: 60 }) * 1000,
    ...overrides,
  };
  assertSafe(config);
  return config;
}

const PORT_RANGE = { min: 0, max: 65535, fallback: 8080 };

/** Server tests run jobs themselves (NODE_ENV=test without JOB_INTERVAL_MINUTES): 0 there, else 5 minutes. */
function jobIntervalMs(env: NodeJS.ProcessEnv): number {
  const fallback = env.NODE_ENV === 'test' ? 0 : 5;
  return envNumber(env, 'JOB_INTERVAL_MINUTES', { min: 0, max: 1440, fraction: true, fallback }) * 60 * 1000;
}

/** WORKERS: `auto` is one per core; otherwise a whole number from 1 to 64. Anything else stops the start, so a typo is not silently one process. */
export function workers(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 1;
  if (raw === 'auto') return Math.min(64, os.availableParallelism());
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 64)
    throw new Error(`WORKERS must be auto or a whole number from 1 to 64, not ${raw}`);
  return n;
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}

function normaliseBase(base: string): string {
  const trimmed = base.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

/** Test-only switches must never reach a production deployment. */
export function assertSafe(config: ServerConfig): void {
  if (!config.production) return;
  if (config.captchaTestCode) throw new Error('CAPTCHA_TEST_CODE is refused when NODE_ENV=production');
  if (config.smsTestCode) throw new Error('SMS_TEST_CODE is refused when NODE_ENV=production');
  if (config.allowNologin) throw new Error('ALLOW_NOLOGIN is refused when NODE_ENV=production');
}

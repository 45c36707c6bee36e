import { envNumber } from './envNumber.js';
import path from 'node:path';
import { UPLOAD_DEFAULTS } from '../../../shared/fileTypes.js';

export interface S3Config {
  /** e.g. https://s3.cn-north-1.amazonaws.com.cn or http://127.0.0.1:9000 (MinIO). */
  endpoint: string;
  region: string;
  bucket: string;
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** Path-style addressing (endpoint/bucket/key): what S3-compatible servers expect. Default true. */
  pathStyle?: boolean;
  /** Prefix of every key, so one bucket can serve several installations. */
  prefix?: string;
}

/** Settings of the file service; every one has a default, so a plain `npm start` needs none. */
export interface FileConfig {
  /** 'local' (DATA_DIR/files) or 's3'. */
  storage: 'local' | 's3';
  /** Root folder of the local driver. */
  localDir?: string;
  s3?: S3Config;
  /** Where browsers reach the file server (another host when files are served apart). */
  fileServerUrl: string;
  /** Life of upload tokens. Checked when a request starts, so a long chunk may outlive its token. */
  tokenTtlMs: number;
  /** Life of signed preview / download links. */
  linkTtlMs: number;
  /** How long an interrupted upload can be resumed before its chunks are dropped (UPLOAD_STALE_HOURS). */
  resumeTtlMs: number;
  /** How often stale uploads are swept (UPLOAD_SWEEP_MINUTES); 0: never by the timer. */
  sweepEveryMs: number;
  /**
   * Largest chunk a browser sends in one request (UPLOAD_CHUNK_MB, SPEC's 1 GiB by default): set
   * it at or below the body limit of a proxy in front (nginx client_max_body_size). Files up to it
   * go in one chunk.
   */
  chunkBytes: number;
  /** An assembly not heard of for this long is taken to have died with its process and may run again. */
  assembleLeaseMs: number;
}

/** FILE_STORAGE=s3 with S3_ENDPOINT, S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (S3_PREFIX, S3_PATH_STYLE=false optional). */
export function fileConfigFromEnv(env: NodeJS.ProcessEnv): Partial<FileConfig> {
  const out: Partial<FileConfig> = {};
  if (env.FILE_SERVER_URL) out.fileServerUrl = env.FILE_SERVER_URL;
  const hours = envNumber(env, 'UPLOAD_STALE_HOURS', { min: 0, above: true, max: 8760, fraction: true, fallback: 0 });
  if (hours) out.resumeTtlMs = hours * 3600_000;
  const minutes = envNumber(env, 'UPLOAD_SWEEP_MINUTES', { min: 0, max: 1440, fraction: true, fallback: -1 });
  if (minutes >= 0) out.sweepEveryMs = minutes * 60_000;
  const lease = envNumber(env, 'UPLOAD_ASSEMBLE_LEASE_SECONDS', {
    min: 0,
    above: true,
    max: 3600,
    fraction: true,
    fallback: 0,
  });
  if (lease) out.assembleLeaseMs = lease * 1000;
  const mb = envNumber(env, 'UPLOAD_CHUNK_MB', { min: 1, max: 4096, fallback: 0 });
  if (mb) out.chunkBytes = mb * 1024 * 1024;
  if (env.FILE_STORAGE === 's3') {
    const missing = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((k) => !env[k]);
    if (missing.length) throw new Error(`FILE_STORAGE=s3 needs ${missing.join(', ')}`);
    out.storage = 's3';
    out.s3 = {
      endpoint: env.S3_ENDPOINT!,
      region: env.S3_REGION ?? 'us-east-1',
      bucket: env.S3_BUCKET!,
      credentials: {
        accessKeyId: env.S3_ACCESS_KEY_ID!,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
        sessionToken: env.S3_SESSION_TOKEN || undefined,
      },
      pathStyle: env.S3_PATH_STYLE !== 'false',
      prefix: env.S3_PREFIX || undefined,
    };
  } else if (env.FILE_STORAGE && env.FILE_STORAGE !== 'local') {
    throw new Error(`FILE_STORAGE must be local or s3, not ${env.FILE_STORAGE}`);
  }
  return out;
}

/** The file settings of a server's configuration, defaults filled in (its `files` and data folder). */
export function resolveFileConfig(config: { files?: Partial<FileConfig>; dataDir: string }): FileConfig {
  const given = config.files ?? {};
  return {
    storage: given.storage ?? 'local',
    localDir: given.localDir ?? path.join(config.dataDir, 'files'),
    s3: given.s3,
    fileServerUrl: (given.fileServerUrl ?? '/fileserver/v2').replace(/\/+$/, ''),
    tokenTtlMs: given.tokenTtlMs ?? 2 * 60 * 60 * 1000,
    linkTtlMs: given.linkTtlMs ?? 30 * 60 * 1000,
    resumeTtlMs: given.resumeTtlMs ?? 7 * 24 * 60 * 60 * 1000,
    sweepEveryMs: given.sweepEveryMs ?? 60 * 60 * 1000,
    assembleLeaseMs: given.assembleLeaseMs ?? 15 * 1000,
    chunkBytes: given.chunkBytes ?? UPLOAD_DEFAULTS.chunkSize,
  };
}

import { envNumber } from './envNumber.js';
/** Settings of the conversion queue (platform/conversion), from the environment. */
export interface ConversionConfig {
  /** CONVERSION=off: no job is queued or run (the preview then says conversion is not available). */
  enabled: boolean;
  /**
   * Whether this process works the queue: yes, except in server tests (NODE_ENV=test), which
   * convert only when a test asks or CONVERSION=on (the browser journeys).
   */
  worker: boolean;
  /**
   * Converters run only inside bubblewrap (confinement.ts): in production always, elsewhere when
   * CONVERSION_SANDBOX=required. Without it, a machine lacking bubblewrap converts nothing.
   */
  confined: boolean;
  /** Jobs run at once in one process (CONVERSION_CONCURRENCY, 1 by default: a conversion takes a core). */
  concurrency: number;
  /** Wall-clock limit of one job (CONVERSION_TIMEOUT_SECONDS, 120). */
  timeoutMs: number;
  /** Address-space limit of a converter process (CONVERSION_MEMORY_MB, 3072: LibreOffice reserves much it never touches). */
  memoryBytes: number;
  /** Largest file a converter may write (CONVERSION_OUTPUT_MB, 1024). */
  outputBytes: number;
  /** How often an idle worker looks for queued jobs (CONVERSION_POLL_MS, 2000). */
  pollMs: number;
  /** Attempts before a job's failure is final (3), and the first back-off (30 s, four times longer each time). */
  maxAttempts: number;
  retryBaseMs: number;
}

const int = (env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number) =>
  envNumber(env, name, { min, max, fallback });

export function conversionConfigFromEnv(env: NodeJS.ProcessEnv): ConversionConfig {
  return {
    enabled: env.CONVERSION !== 'off',
    worker: env.CONVERSION === 'on' || (env.CONVERSION !== 'off' && env.NODE_ENV !== 'test'),
    confined: env.NODE_ENV === 'production' || env.CONVERSION_SANDBOX === 'required',
    concurrency: int(env, 'CONVERSION_CONCURRENCY', 1, 1, 64),
    timeoutMs: int(env, 'CONVERSION_TIMEOUT_SECONDS', 120, 1, 24 * 3600) * 1000,
    memoryBytes: int(env, 'CONVERSION_MEMORY_MB', 3072, 256, 1 << 20) * 1024 * 1024,
    outputBytes: int(env, 'CONVERSION_OUTPUT_MB', 1024, 1, 1 << 20) * 1024 * 1024,
    pollMs: int(env, 'CONVERSION_POLL_MS', 2000, 50, 600_000),
    maxAttempts: 3,
    retryBaseMs: 30_000,
  };
}

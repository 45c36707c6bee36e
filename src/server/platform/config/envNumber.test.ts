import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const start = (env: NodeJS.ProcessEnv) => () => loadConfig({ NODE_ENV: 'test', ...env });

describe('numeric settings', () => {
  it('stop the start with the variable and its range when out of range, not a silent default', () => {
    expect(start({ REMINDER_DAYS: '400' })).toThrow('REMINDER_DAYS must be a whole number from 1 to 60, not 400');
    expect(start({ REMINDER_DAYS: '0' })).toThrow('REMINDER_DAYS must be a whole number from 1 to 60, not 0');
    expect(start({ REMINDER_DAYS: 'three' })).toThrow('REMINDER_DAYS');
    expect(start({ SMTP_PORT: '70000' })).toThrow('SMTP_PORT must be a whole number from 1 to 65535, not 70000');
    expect(start({ SHUTDOWN_TIMEOUT_SECONDS: '-1' })).toThrow('SHUTDOWN_TIMEOUT_SECONDS must be');
    expect(start({ JOB_INTERVAL_MINUTES: '5000' })).toThrow('JOB_INTERVAL_MINUTES must be a number from 0 to 1440');
    expect(start({ CONVERSION_CONCURRENCY: '0' })).toThrow(
      'CONVERSION_CONCURRENCY must be a whole number from 1 to 64',
    );
    expect(start({ PORT: '80a' })).toThrow('PORT must be');
    expect(start({ UPLOAD_CHUNK_MB: '5000' })).toThrow('UPLOAD_CHUNK_MB must be a whole number from 1 to 4096');
  });

  it('take a value in range, and the default when unset', () => {
    expect(start({ REMINDER_DAYS: '60' })().channels?.reminderDays).toBe(60);
    expect(start({})().channels?.reminderDays).toBe(3);
    expect(start({ JOB_INTERVAL_MINUTES: '0.5' })().jobIntervalMs).toBe(30_000);
    expect(start({ CONVERSION_CONCURRENCY: '4' })().conversion.concurrency).toBe(4);
  });
});

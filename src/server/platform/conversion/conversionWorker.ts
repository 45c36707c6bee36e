import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../AppContext.js';
import { fileService } from '../storage/fileService.js';
import { blobKey } from '../storage/FileStorage.js';
import { jobHolder } from '../jobs/schedule.js';
import { canConvert, convertFile } from './converters.js';
import { sandboxFeatures } from './sandbox.js';
import {
  claimConversion,
  finishDone,
  handBack,
  recordFailure,
  renewConversion,
  type ConversionJob,
} from './conversionJobs.js';

/** The converted object of a content, beside its original in the same storage. */
export function convertedKey(md5: string, target: string): string {
  return `converted/${md5.slice(0, 2)}/${md5}/${target}`;
}

/**
 * A job's lease: its time limit and half as much again (at most 30 s more), renewed at a third of
 * its length. A worker killed mid-job leaves the job to another once it runs out.
 */
export function leaseMsOf(timeoutMs: number): number {
  return timeoutMs + Math.min(30_000, Math.floor(timeoutMs / 2));
}

/** Copies the converted file into the storage under its key, through the storage's own upload path. */
async function store(ctx: AppContext, file: string, key: string): Promise<number> {
  const { storage } = fileService(ctx);
  const uploadId = crypto.randomBytes(16).toString('hex');
  try {
    // The length up front: S3 needs it (without it every conversion on S3 failed at this step).
    const { size } = await storage.putChunk(uploadId, 0, fs.createReadStream(file), {
      maxBytes: ctx.config.conversion.outputBytes + 1,
      length: (await fsp.stat(file)).size,
    });
    const staged = await storage.stageChunk(uploadId, 0, key);
    await staged.commit();
    return size;
  } finally {
    await storage.removeUpload(uploadId);
  }
}

/**
 * Runs one claimed job: the original is copied out of the storage into a folder of the job's own,
 * converted in the sandbox, and the result stored; the lease is renewed while it runs. A failure
 * of the document itself (timeout, refused by the converter) is final; anything else (storage,
 * a crash) is tried again.
 */
export async function runConversion(
  ctx: AppContext,
  job: ConversionJob,
  holder: string,
  signal?: AbortSignal,
): Promise<void> {
  const cfg = ctx.config.conversion;
  const leaseMs = leaseMsOf(cfg.timeoutMs);
  const renew = setInterval(
    () => {
      renewConversion(ctx, holder, job.md5, leaseMs).catch(() => undefined);
    },
    Math.floor(leaseMs / 3),
  );
  renew.unref();
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'convert-'));
  try {
    if (!canConvert(cfg, job.target)) return await recordFailure(ctx, holder, job, '服务器未安装转换工具', true);
    const input = path.join(dir, `source.${job.sourceExt}`);
    const { storage } = fileService(ctx);
    await pipeline(await storage.createReadStream(blobKey(job.md5)), fs.createWriteStream(input));
    let output: string;
    try {
      output = await convertFile(
        dir,
        input,
        job.sourceExt,
        job.target,
        { timeoutMs: cfg.timeoutMs, memoryBytes: cfg.memoryBytes, fileBytes: cfg.outputBytes, confined: cfg.confined },
        signal,
      );
    } catch (e) {
      if (signal?.aborted) return await handBack(ctx, holder, job);
      ctx.log.warn({ md5: job.md5, err: e }, 'conversion failed');
      return await recordFailure(ctx, holder, job, (e as Error).message, true);
    }
    const key = convertedKey(job.md5, job.target);
    await finishDone(ctx, holder, job.md5, key, await store(ctx, output, key));
  } catch (e) {
    ctx.log.error({ md5: job.md5, err: e }, 'conversion job failed');
    await recordFailure(ctx, holder, job, '转换服务暂时出错，稍后重试', false).catch(() => undefined);
  } finally {
    clearInterval(renew);
    await fsp.rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * Works the queue in this process: every poll, while fewer than `concurrency` jobs run here, it
 * claims the next due job. Several processes (or instances) on one database share the queue
 * through the leases. Answers a stop that ends the converters running here and hands their jobs back.
 */
export function startConversionWorker(ctx: AppContext, holder = jobHolder(ctx)): () => Promise<void> {
  const cfg = ctx.config.conversion;
  if (!cfg.enabled || !cfg.worker) return async () => undefined;
  if (cfg.confined && !sandboxFeatures().bwrap) {
    // Jobs stay queued for an instance that can confine its converters; /readyz says no-sandbox.
    ctx.log.error('conversion not started: bubblewrap (bwrap) does not run here, converters are never run unconfined');
    return async () => undefined;
  }
  const running = new Set<Promise<void>>();
  const abort = new AbortController();
  let stopped = false;
  let polling = false;
  const poll = async () => {
    if (polling || stopped) return;
    polling = true;
    try {
      while (!stopped && running.size < cfg.concurrency) {
        const job = await claimConversion(ctx, holder, leaseMsOf(cfg.timeoutMs));
        if (!job) break;
        const run = runConversion(ctx, job, holder, abort.signal).finally(() => {
          running.delete(run);
          void poll();
        });
        running.add(run);
      }
    } catch (e) {
      ctx.log.error({ err: e }, 'conversion queue poll failed');
    } finally {
      polling = false;
    }
  };
  const timer = setInterval(() => void poll(), cfg.pollMs);
  timer.unref();
  void poll();
  return async () => {
    stopped = true;
    clearInterval(timer);
    abort.abort();
    await Promise.allSettled([...running]);
  };
}

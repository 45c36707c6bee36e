import type { AppContext } from '../AppContext.js';
import { CONVERSION_MESSAGES, CONVERTIBLE, type ConversionTarget } from '../../../shared/fileTypes.js';
import { canConvert, OUTPUT } from './converters.js';
import { conversionOf, enqueueConversion, type ConversionJob } from './conversionJobs.js';

/** What a preview reads of a stored file (a `files` row): conversion sits below files and names none of its types. */
type FileRow = { md5: string; file_suffix: string };

/** What the preview dialog shows of a converted file while it is not ready (or could not be made). */
export interface ConversionStatus {
  state: 'queued' | 'running' | 'retrying' | 'done' | 'failed' | 'unavailable';
  message: string;
  /** Why the last attempt failed (a final failure, or one that will be tried again). */
  reason?: string;
}

/** The conversion target of a stored file, when the browser shows it only converted. */
export function conversionTargetOf(file: Pick<FileRow, 'file_suffix'>): ConversionTarget | null {
  return CONVERTIBLE[file.file_suffix] ?? null;
}

function statusOf(job: ConversionJob): ConversionStatus {
  if (job.state === 'done') return { state: 'done', message: '' };
  if (job.state === 'failed')
    return { state: 'failed', message: CONVERSION_MESSAGES.failed, reason: job.error ?? undefined };
  if (job.state === 'queued' && job.attempts > 0)
    return { state: 'retrying', message: CONVERSION_MESSAGES.retrying, reason: job.error ?? undefined };
  return { state: job.state, message: CONVERSION_MESSAGES[job.state] };
}

/**
 * Where the conversion of this file stands. A file stored before conversion was available has no
 * job yet: asking for its preview queues one (when this server can convert).
 */
export async function conversionStatus(
  ctx: AppContext,
  file: FileRow,
  target: ConversionTarget,
): Promise<ConversionStatus> {
  let job = await conversionOf(ctx, file.md5);
  if (!job && ctx.config.conversion.enabled && canConvert(ctx.config.conversion, target)) {
    await enqueueConversion(ctx, file.md5, file.file_suffix);
    job = await conversionOf(ctx, file.md5);
  }
  if (job?.state === 'done' || (job && job.state === 'failed')) return statusOf(job);
  if (!ctx.config.conversion.enabled || !canConvert(ctx.config.conversion, target) || !job)
    return { state: 'unavailable', message: CONVERSION_MESSAGES.unavailable };
  return statusOf(job);
}

/** The converted object to serve for a preview, when it is ready. */
export async function convertedObject(
  ctx: AppContext,
  file: FileRow,
): Promise<{ key: string; size: number; contentType: string } | null> {
  const target = conversionTargetOf(file);
  if (!target) return null;
  const job = await conversionOf(ctx, file.md5);
  if (job?.state !== 'done' || !job.outputKey || job.outputSize === null) return null;
  return { key: job.outputKey, size: job.outputSize, contentType: OUTPUT[job.target].contentType };
}

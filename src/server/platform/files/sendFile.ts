import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { UPLOAD_MESSAGES } from '../../../shared/fileTypes.js';
import { AppError } from '../http/AppError.js';
import { noteFound, noteMissing } from './missingFiles.js';
import type { FileStorage } from '../storage/FileStorage.js';
import { zipStream } from './zip.js';

/**
 * Content-Disposition with the name twice: an ASCII fallback, and the real (often Chinese) name
 * percent-encoded per RFC 5987, which every current browser prefers.
 */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_') || 'download';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** One `bytes=` range of an entity of `size` bytes; null when absent, 'invalid' when unsatisfiable. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (!m[1] && !m[2])) return null;
  let start: number;
  let end: number;
  if (!m[1]) {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

/** Streams one stored object, honouring a Range request. */
export async function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  opts: {
    key: string;
    size: number;
    contentType: string;
    disposition: string;
    cache: string;
    extraHeaders?: Record<string, string>;
  },
): Promise<FastifyReply> {
  const range = parseRange(request.headers.range, opts.size);
  reply.header('Accept-Ranges', 'bytes');
  reply.header('Content-Type', opts.contentType);
  reply.header('Content-Disposition', opts.disposition);
  reply.header('Cache-Control', opts.cache);
  reply.header('X-Content-Type-Options', 'nosniff');
  for (const [k, v] of Object.entries(opts.extraHeaders ?? {})) reply.header(k, v);
  if (range === 'invalid') {
    reply.header('Content-Range', `bytes */${opts.size}`);
    throw new AppError('请求范围无效', 416, 416);
  }
  if (opts.size === 0) {
    reply.header('Content-Length', '0');
    return reply.send('');
  }
  let stream;
  try {
    stream = await storage.createReadStream(opts.key, range ?? undefined);
    noteFound(storage, opts.key);
  } catch (err) {
    throw await storageFailure(request, storage, opts.key, err);
  }
  if (range) {
    reply.status(206);
    reply.header('Content-Range', `bytes ${range.start}-${range.end}/${opts.size}`);
    reply.header('Content-Length', String(range.end - range.start + 1));
  } else {
    reply.header('Content-Length', String(opts.size));
  }
  return reply.send(stream);
}

/**
 * The answer when a stored object the database holds cannot be read: its own message, not the
 * refusal's 下载地址不存在. Gone (the storage says it has no such object): 410, logged as an error
 * and counted for /readyz, since someone must upload it again or restore it; the storage not
 * answering: 503, for a retry.
 */
async function storageFailure(request: FastifyRequest, storage: FileStorage, key: string, err: unknown) {
  const gone = await storage.exists(key).then(
    (there) => !there,
    () => false,
  );
  if (gone) {
    noteMissing(storage, key);
    request.log.error(
      { key, storage: storage.name },
      'stored file missing: its record is in the database, its bytes are not in the storage',
    );
    return new AppError(UPLOAD_MESSAGES.bytesMissing, 410, 410);
  }
  request.log.error({ key, storage: storage.name, err }, 'file storage did not answer');
  return new AppError(UPLOAD_MESSAGES.storageDown, 503, 503);
}

/** Names inside a zip must be unique: the second "a.pdf" becomes "a (2).pdf". */
export function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const key = name.toLowerCase();
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    if (n === 1) return name;
    const dot = name.lastIndexOf('.');
    return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
  });
}

/** A zip of stored objects, streamed: each entry is opened only when the zip reaches it. */
export function zipOf(
  storage: FileStorage,
  entries: { key: string; name: string; size: number; mtime: Date }[],
): { stream: Readable; size: number } {
  const names = uniqueNames(entries.map((e) => e.name));
  return zipStream(
    entries.map((entry, i) => ({
      name: names[i],
      data: { size: entry.size, open: () => storage.createReadStream(entry.key) },
      mtime: entry.mtime,
      compress: false,
    })),
  );
}

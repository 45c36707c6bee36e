import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HEAD_BYTES } from '../sniff.js';
import { assertKey, assertUploadId, ChunkMismatchError, ChunkTooLargeError, type FileStorage, type StagedFile, type StoredChunk } from './FileStorage.js';
import { EMPTY_SHA256, signV4 } from './sigv4.js';
import type { S3Config } from '../../../fileConfig.js';
import { HeadKeeper, Meter } from './streams.js';


/** Size of the parts an assembled file is uploaded in (S3 wants at least 5 MiB but for the last). */
const PART_SIZE = 8 * 1024 * 1024;
/** Largest object S3 copies in one request. */
const MAX_COPY = 5 * 1024 * 1024 * 1024;

class S3Error extends Error {
  constructor(public readonly status: number, public readonly body: string) {
    super(`S3 answered ${status}: ${body.slice(0, 200)}`);
    this.name = 'S3Error';
  }
}

/**
 * An S3-compatible object store, spoken to with plain HTTP and SigV4 signatures. Chunks are objects
 * under uploads/<id>/<index>; a finished file is a multipart upload completed only after its md5 and
 * type are checked (aborted otherwise), so a refused file never becomes visible.
 */
export function s3Storage(config: S3Config): FileStorage {
  const endpoint = new URL(config.endpoint);
  const pathStyle = config.pathStyle ?? true;
  const host = pathStyle ? endpoint.host : `${config.bucket}.${endpoint.host}`;
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  const prefix = config.prefix ? `${config.prefix.replace(/\/+$/, '')}/` : '';
  const agent = endpoint.protocol === 'https:' ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });

  const objectPath = (key: string) => `${basePath}${pathStyle ? `/${config.bucket}` : ''}/${prefix}${key}`;
  const bucketPath = () => `${basePath}${pathStyle ? `/${config.bucket}` : ''}/`;

  interface Call {
    method: string;
    path: string;
    query?: Record<string, string>;
    headers?: Record<string, string>;
    body?: Buffer | Readable;
    length?: number;
  }

  /** One signed request; resolves with the response (body unread) for 2xx, rejects otherwise. */
  function request(call: Call): Promise<http.IncomingMessage> {
    const payloadHash = Buffer.isBuffer(call.body)
      ? sha256Hex(call.body)
      : call.body ? 'UNSIGNED-PAYLOAD' : EMPTY_SHA256;
    const extra: Record<string, string> = { ...(call.headers ?? {}), 'x-amz-content-sha256': payloadHash };
    const length = Buffer.isBuffer(call.body) ? call.body.length : call.length;
    if (length !== undefined) extra['content-length'] = String(length);
    const signed = signV4({ method: call.method, host, path: call.path, query: call.query, headers: extra, payloadHash }, {
      region: config.region, service: 's3', credentials: config.credentials,
    });
    const qs = new URLSearchParams(call.query ?? {}).toString();
    const mod = endpoint.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = mod.request({
        protocol: endpoint.protocol, hostname: pathStyle ? endpoint.hostname : `${config.bucket}.${endpoint.hostname}`,
        port: endpoint.port || undefined, method: call.method, path: call.path + (qs ? `?${qs}` : ''), headers: signed, agent,
      }, (res) => {
        if ((res.statusCode ?? 500) < 300) return resolve(res);
        readText(res).then((text) => reject(new S3Error(res.statusCode ?? 500, text)), reject);
      });
      req.on('error', reject);
      if (!call.body) req.end();
      else if (Buffer.isBuffer(call.body)) req.end(call.body);
      else pipeline(call.body, req).catch((e) => { req.destroy(e); reject(e); });
    });
  }

  async function call(c: Call): Promise<string> {
    return readText(await request(c));
  }

  async function list(keyPrefix: string): Promise<{ key: string; size: number }[]> {
    const out: { key: string; size: number }[] = [];
    let token: string | undefined;
    do {
      const xml = await call({
        method: 'GET', path: bucketPath(),
        query: { 'list-type': '2', prefix: prefix + keyPrefix, ...(token ? { 'continuation-token': token } : {}) },
      });
      for (const m of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
        const key = xmlValue(m[1], 'Key');
        const size = Number(xmlValue(m[1], 'Size'));
        if (key) out.push({ key: key.slice(prefix.length), size });
      }
      token = xmlValue(xml, 'IsTruncated') === 'true' ? xmlValue(xml, 'NextContinuationToken') : undefined;
    } while (token);
    return out;
  }

  const chunkKey = (uploadId: string, index: number) => {
    assertUploadId(uploadId);
    if (!Number.isSafeInteger(index) || index < 0) throw new Error('bad chunk index');
    return `uploads/${uploadId}/${index}`;
  };

  async function remove(key: string): Promise<void> {
    try {
      await call({ method: 'DELETE', path: objectPath(key) });
    } catch (e) {
      if (!(e instanceof S3Error && e.status === 404)) throw e;
    }
  }

  async function readRange(key: string, start: number, end: number): Promise<Buffer> {
    if (end < start) return Buffer.alloc(0);
    const res = await request({ method: 'GET', path: objectPath(key), headers: { range: `bytes=${start}-${end}` } });
    const parts: Buffer[] = [];
    for await (const p of res) parts.push(p as Buffer);
    return Buffer.concat(parts);
  }

  /** A multipart upload to `key`, fed piece by piece, holding at most one part in memory. */
  async function multipart(key: string) {
    const xml = await call({ method: 'POST', path: objectPath(key), query: { uploads: '' } });
    const uploadId = xmlValue(xml, 'UploadId');
    if (!uploadId) throw new Error('S3 gave no UploadId');
    const etags: string[] = [];
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      if (!pendingBytes && etags.length) return;
      const body = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      const res = await request({ method: 'PUT', path: objectPath(key), query: { partNumber: String(etags.length + 1), uploadId }, body });
      res.resume();
      etags.push(String(res.headers.etag ?? ''));
    };
    return {
      async write(piece: Buffer) {
        pending.push(piece);
        pendingBytes += piece.length;
        if (pendingBytes >= PART_SIZE) await flush();
      },
      async end() {
        await flush();
      },
      async complete() {
        const parts = etags.map((etag, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${escapeXml(etag)}</ETag></Part>`).join('');
        const answer = await call({ method: 'POST', path: objectPath(key), query: { uploadId }, body: Buffer.from(`<CompleteMultipartUpload>${parts}</CompleteMultipartUpload>`) });
        // S3 may answer 200 with an error document.
        if (/<Error>/.test(answer)) throw new S3Error(500, answer);
      },
      async abort() {
        try {
          await call({ method: 'DELETE', path: objectPath(key), query: { uploadId } });
        } catch (e) {
          if (!(e instanceof S3Error && e.status === 404)) throw e;
        }
      },
    };
  }

  const storage: FileStorage = {
    name: 's3',

    async putChunk(uploadId, index, body, { maxBytes, length, expectedMd5 }) {
      // S3 needs the length up front; the meter still refuses a body longer than announced.
      if (length === undefined) throw new Error('S3 chunk uploads need a Content-Length');
      if (maxBytes >= 0 && length > maxBytes) {
        body.resume();
        throw new ChunkTooLargeError();
      }
      const meter = new Meter(maxBytes);
      body.on('error', (e) => meter.destroy(e));
      const key = chunkKey(uploadId, index);
      const res = await request({ method: 'PUT', path: objectPath(key), body: body.pipe(meter), length });
      res.resume();
      if (meter.bytes !== length) {
        await remove(key);
        throw new Error('chunk shorter than announced');
      }
      if (expectedMd5 && meter.md5() !== expectedMd5) {
        await remove(key);
        throw new ChunkMismatchError();
      }
      return { size: meter.bytes, md5: meter.md5() };
    },

    async listChunks(uploadId) {
      assertUploadId(uploadId);
      const out: StoredChunk[] = [];
      for (const { key, size } of await list(`uploads/${uploadId}/`)) {
        const m = /\/(\d+)$/.exec(key);
        if (m) out.push({ index: Number(m[1]), size });
      }
      return out.sort((a, b) => a.index - b.index);
    },

    async assemble(uploadId, count, key, observe) {
      assertKey(key);
      const upload = await multipart(key);
      const head = new HeadKeeper(HEAD_BYTES);
      let size = 0;
      try {
        for (let i = 0; i < count; i++) {
          const res = await request({ method: 'GET', path: objectPath(chunkKey(uploadId, i)) });
          for await (const piece of res as AsyncIterable<Buffer>) {
            observe(piece);
            head.see(piece);
            size += piece.length;
            await upload.write(piece);
          }
        }
        await upload.end();
      } catch (e) {
        await upload.abort().catch(() => undefined);
        throw e;
      }
      const staged: StagedFile = {
        size,
        head: head.head(),
        async commit() {
          await upload.complete();
        },
        async discard() {
          await upload.abort();
        },
      };
      return staged;
    },

    async stageChunk(uploadId, index, key) {
      assertKey(key);
      const source = chunkKey(uploadId, index);
      const chunk = (await storage.listChunks(uploadId)).find((c) => c.index === index);
      if (!chunk) throw new Error('chunk missing');
      if (chunk.size > MAX_COPY) return storage.assemble(uploadId, 1, key, () => undefined);
      const head = await readRange(source, 0, Math.min(HEAD_BYTES, chunk.size) - 1);
      return {
        size: chunk.size,
        head,
        async commit() {
          const copySource = `/${config.bucket}/${prefix}${source}`;
          const answer = await call({ method: 'PUT', path: objectPath(key), headers: { 'x-amz-copy-source': copySource } });
          if (/<Error>/.test(answer)) throw new S3Error(500, answer);
        },
        async discard() {},
      };
    },

    async createReadStream(key, range) {
      assertKey(key);
      const res = await request({ method: 'GET', path: objectPath(key), headers: range ? { range: `bytes=${range.start}-${range.end}` } : {} });
      return res;
    },

    async ping() {
      // A missing object answers 404: the bucket is there and the credentials work.
      await this.exists('portal/readiness');
    },

    async exists(key) {
      assertKey(key);
      try {
        const res = await request({ method: 'HEAD', path: objectPath(key) });
        res.resume();
        return true;
      } catch (e) {
        if (e instanceof S3Error && e.status === 404) return false;
        throw e;
      }
    },

    async remove(key) {
      assertKey(key);
      await remove(key);
    },

    async pendingAssemblies() {
      const out: { key: string; id: string; startedAt: number }[] = [];
      let markers: Record<string, string> = {};
      for (;;) {
        const xml = await call({ method: 'GET', path: bucketPath(), query: { uploads: '', prefix: `${prefix}blobs/`, ...markers } });
        for (const m of xml.matchAll(/<Upload>([\s\S]*?)<\/Upload>/g)) {
          const key = xmlValue(m[1], 'Key');
          const id = xmlValue(m[1], 'UploadId');
          const startedAt = Date.parse(xmlValue(m[1], 'Initiated') ?? '');
          if (key && id && Number.isFinite(startedAt)) out.push({ key: key.slice(prefix.length), id, startedAt });
        }
        if (xmlValue(xml, 'IsTruncated') !== 'true') return out;
        markers = { 'key-marker': xmlValue(xml, 'NextKeyMarker') ?? '', 'upload-id-marker': xmlValue(xml, 'NextUploadIdMarker') ?? '' };
      }
    },

    async abortAssembly(key, id) {
      assertKey(key);
      try {
        await call({ method: 'DELETE', path: objectPath(key), query: { uploadId: id } });
      } catch (e) {
        if (!(e instanceof S3Error && e.status === 404)) throw e;
      }
    },

    async removeUpload(uploadId) {
      assertUploadId(uploadId);
      for (const { key } of await list(`uploads/${uploadId}/`)) await remove(key);
    },
  };
  return storage;
}

function sha256Hex(body: Buffer): string {
  return createHash('sha256').update(body).digest('hex');
}

async function readText(res: http.IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const p of res) parts.push(p as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

function xmlValue(xml: string, tag: string): string | undefined {
  const m = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(xml);
  return m ? unescapeXml(m[1]) : undefined;
}

function unescapeXml(s: string): string {
  return s.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

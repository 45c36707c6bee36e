import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import {
  assertKey,
  assertUploadId,
  ChunkMismatchError,
  ChunkTooLargeError,
  type FileStorage,
  type StagedFile,
  type StoredChunk,
  HEAD_BYTES,
} from './FileStorage.js';
import type { S3Config } from '../config/fileConfig.js';
import { HeadKeeper, Meter } from './streams.js';

/** Size of the parts an assembled file is uploaded in (S3 wants at least 5 MiB but for the last). */
const PART_SIZE = 8 * 1024 * 1024;
/** Largest object S3 copies in one request. */
const MAX_COPY = 5 * 1024 * 1024 * 1024;

/** An S3 answer that the object, or the multipart upload, is not there. */
function isMissing(e: unknown): boolean {
  return (
    e instanceof S3ServiceException &&
    (e.$metadata?.httpStatusCode === 404 ||
      e.name === 'NotFound' ||
      e.name === 'NoSuchKey' ||
      e.name === 'NoSuchUpload')
  );
}

/**
 * The S3 client of a configuration: the AWS SDK's, with its retries (standard mode, with back-off),
 * path-style or virtual-hosted addressing, and the default credential chain (environment, shared
 * config, SSO, instance and pod roles) when no keys are configured.
 */
export function s3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.pathStyle ?? true,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    maxAttempts: 4,
    // Checksums where S3 asks for them: S3-compatible servers differ on the newer default ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * An S3-compatible object store, spoken to through the AWS SDK. Chunks are objects under
 * uploads/<id>/<index>; a finished file is a multipart upload completed only after its md5 and type
 * are checked (aborted otherwise), so a refused file never becomes visible.
 */
export function s3Storage(config: S3Config): FileStorage {
  const client = s3Client(config);
  const Bucket = config.bucket;
  const prefix = config.prefix ? `${config.prefix.replace(/\/+$/, '')}/` : '';
  const at = (key: string) => prefix + key;

  async function list(keyPrefix: string): Promise<{ key: string; size: number }[]> {
    const out: { key: string; size: number }[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: prefix + keyPrefix, ContinuationToken: token }),
      );
      for (const c of page.Contents ?? [])
        if (c.Key) out.push({ key: c.Key.slice(prefix.length), size: Number(c.Size ?? 0) });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
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
      await client.send(new DeleteObjectCommand({ Bucket, Key: at(key) }));
    } catch (e) {
      if (!isMissing(e)) throw e;
    }
  }

  async function read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const answer = await client.send(
      new GetObjectCommand({ Bucket, Key: at(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
    );
    return answer.Body as Readable;
  }

  async function readRange(key: string, start: number, end: number): Promise<Buffer> {
    if (end < start) return Buffer.alloc(0);
    const parts: Buffer[] = [];
    for await (const p of await read(key, { start, end })) parts.push(p as Buffer);
    return Buffer.concat(parts);
  }

  async function abortUpload(key: string, UploadId: string): Promise<void> {
    try {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key: at(key), UploadId }));
    } catch (e) {
      if (!isMissing(e)) throw e;
    }
  }

  /** A multipart upload to `key`, fed piece by piece, holding at most one part in memory. */
  async function multipart(key: string) {
    const { UploadId: uploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: at(key) }));
    if (!uploadId) throw new Error('S3 gave no UploadId');
    const etags: string[] = [];
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      if (!pendingBytes && etags.length) return;
      const body = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      const part = await client.send(
        new UploadPartCommand({
          Bucket,
          Key: at(key),
          UploadId: uploadId,
          PartNumber: etags.length + 1,
          Body: body,
          ContentLength: body.length,
        }),
      );
      etags.push(part.ETag ?? '');
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
        // The SDK throws when S3 answers 200 with an error document.
        await client.send(
          new CompleteMultipartUploadCommand({
            Bucket,
            Key: at(key),
            UploadId: uploadId,
            MultipartUpload: { Parts: etags.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) },
          }),
        );
      },
      abort: () => abortUpload(key, uploadId),
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
      // The SDK pipes the body without listening for its errors: a body that breaks (longer than
      // announced, the client gone) cancels the request and is the answer.
      const cancel = new AbortController();
      const broken = new Promise<never>((_, reject) =>
        meter.once('error', (e) => {
          cancel.abort();
          reject(e);
        }),
      );
      await Promise.race([
        client.send(new PutObjectCommand({ Bucket, Key: at(key), Body: body.pipe(meter), ContentLength: length }), {
          abortSignal: cancel.signal,
        }),
        broken,
      ]);
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
          for await (const piece of (await read(chunkKey(uploadId, i))) as AsyncIterable<Buffer>) {
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
          await client.send(
            new CopyObjectCommand({ Bucket, Key: at(key), CopySource: encodeURI(`${Bucket}/${at(source)}`) }),
          );
        },
        async discard() {},
      };
    },

    async createReadStream(key, range) {
      assertKey(key);
      return read(key, range);
    },

    async ping() {
      // A missing object answers 404: the bucket is there and the credentials work.
      await this.exists('portal/readiness');
    },

    async exists(key) {
      assertKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: at(key) }));
        return true;
      } catch (e) {
        if (isMissing(e)) return false;
        throw e;
      }
    },

    async remove(key) {
      assertKey(key);
      await remove(key);
    },

    async pendingAssemblies() {
      const out: { key: string; id: string; startedAt: number }[] = [];
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      for (;;) {
        const page = await client.send(
          new ListMultipartUploadsCommand({ Bucket, Prefix: `${prefix}blobs/`, KeyMarker, UploadIdMarker }),
        );
        for (const u of page.Uploads ?? []) {
          const startedAt = u.Initiated ? u.Initiated.getTime() : NaN;
          if (u.Key && u.UploadId && Number.isFinite(startedAt))
            out.push({ key: u.Key.slice(prefix.length), id: u.UploadId, startedAt });
        }
        if (!page.IsTruncated) return out;
        KeyMarker = page.NextKeyMarker;
        UploadIdMarker = page.NextUploadIdMarker;
      }
    },

    async abortAssembly(key, id) {
      assertKey(key);
      await abortUpload(key, id);
    },

    async removeUpload(uploadId) {
      assertUploadId(uploadId);
      for (const { key } of await list(`uploads/${uploadId}/`)) await remove(key);
    },
  };
  return storage;
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { AppContext } from '../AppContext.js';
import { currentUser } from '../auth/authPlugin.js';
import { ok } from '../http/envelope.js';
import { AppError } from '../http/AppError.js';
import { completeUpload, listUploadedChunks, prepareUpload, receiveChunk } from './uploads.js';

/** Header a token may come in instead of the body or the query. */
export const UPLOAD_TOKEN_HEADER = 'x-upload-token';

const subAct = { type: 'string', maxLength: 16 } as const;
const token = { type: 'string', maxLength: 2048 } as const;
const contextId = { type: 'string', maxLength: 64 } as const;

function tokenOf(request: FastifyRequest, given: unknown): unknown {
  return given ?? request.headers[UPLOAD_TOKEN_HEADER];
}

/**
 * The chunk file server (SPEC §7 "v2 paths"): prepare → upload (one chunk per call, raw bytes)
 * → getchunks (what is stored, to resume) → complete. Every call needs the user's session and a
 * token from file/getCyStorageToken or file/getTokenByChunks, bound to that user and that md5.
 */
export async function fileServerRoutes(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { ctx } = opts;

  // Chunk bytes pass straight through to storage: never parsed, never held whole in memory.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));

  app.post(
    '/prepare',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['chunkSize'],
          properties: {
            subAct,
            token,
            prepareToken: token,
            md5: { type: 'string', maxLength: 32 },
            chunkSize: { type: 'integer', minimum: 1 },
          },
        },
      },
    },
    async (request) => {
      const b = request.body as { token?: string; prepareToken?: string; md5?: string; chunkSize: number };
      return ok(
        await prepareUpload(ctx, currentUser(request), {
          token: tokenOf(request, b.token ?? b.prepareToken),
          md5: b.md5,
          chunkSize: b.chunkSize,
        }),
      );
    },
  );

  app.post(
    '/upload',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['contextId', 'index'],
          properties: {
            subAct,
            token,
            contextId,
            index: { type: 'string', pattern: '^\\d{1,9}$' },
            chunkMd5: { type: 'string', maxLength: 32 },
          },
        },
      },
    },
    async (request) => {
      const q = request.query as { token?: string; contextId: string; index: string; chunkMd5?: string };
      const body = request.body as Readable | undefined;
      if (!body || typeof (body as Readable).pipe !== 'function') throw AppError.invalid();
      const lengthHeader = request.headers['content-length'];
      const length = lengthHeader === undefined ? undefined : Number(lengthHeader);
      const result = await receiveChunk(
        ctx,
        currentUser(request),
        {
          token: tokenOf(request, q.token),
          contextId: q.contextId,
          index: q.index,
          chunkMd5: q.chunkMd5,
          length,
        },
        body,
      );
      return ok(result);
    },
  );

  app.post(
    '/getchunks',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['contextId'],
          properties: { subAct, token, contextId },
        },
      },
    },
    async (request) => {
      const b = request.body as { token?: string; contextId: string };
      return ok(
        await listUploadedChunks(ctx, currentUser(request), {
          token: tokenOf(request, b.token),
          contextId: b.contextId,
        }),
      );
    },
  );

  app.post(
    '/complete',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['contextId'],
          properties: { subAct, token, contextId },
        },
      },
    },
    async (request) => {
      const b = request.body as { token?: string; contextId: string };
      return ok(
        await completeUpload(ctx, currentUser(request), { token: tokenOf(request, b.token), contextId: b.contextId }),
      );
    },
  );
}

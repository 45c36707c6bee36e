import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../AppContext.js';
import { AppError } from '../http/AppError.js';
import { UPLOAD_MESSAGES } from '../../../shared/fileTypes.js';
import { fileService } from '../storage/fileService.js';
import { contentDisposition, sendStored } from './sendFile.js';
import { contentTypeOf } from './sniff.js';

const RASTER = new Set(['png', 'jpeg', 'gif', 'bmp', 'webp']);

/** The belong types ("entity.field") of every rich-text field: only pictures uploaded into one are served here. */
function richTextBelongTypes(ctx: AppContext): string[] {
  const out: string[] = [];
  for (const entity of ctx.schemas.entities.values()) {
    for (const [name, field] of Object.entries(entity.fields ?? {}))
      if (field.type === 'richtext') out.push(`${entity.name}.${name}`);
  }
  return out;
}

/**
 * `GET /api/file/image/:md5`: a picture placed in rich text. Rich text is shown to everyone who may
 * read its record, on the public portal too, where no per-user link can be signed; so a picture is
 * addressed by its content's md5 (stable, cacheable for ever, not guessable without the picture)
 * and served only when it was uploaded into a rich-text field and really is a raster image.
 */
export async function richTextImageRoutes(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { ctx } = opts;
  app.get(
    '/api/file/image/:md5',
    {
      config: { auth: 'public' },
      schema: {
        params: {
          type: 'object',
          required: ['md5'],
          properties: { md5: { type: 'string', pattern: '^[0-9a-f]{32}$' } },
        },
      },
    },
    async (request, reply) => {
      const { md5 } = request.params as { md5: string };
      const belongTypes = richTextBelongTypes(ctx);
      const db = ctx.database.db;
      const file = belongTypes.length
        ? await db
            .selectFrom('files')
            .select(['original_file_name'])
            .where('md5', '=', md5)
            .where('belong_type', 'in', belongTypes)
            .executeTakeFirst()
        : undefined;
      const blob = file
        ? await db.selectFrom('file_blobs').selectAll().where('md5', '=', md5).executeTakeFirst()
        : undefined;
      if (!file || !blob || !blob.complete || !RASTER.has(String(blob.kind)))
        throw new AppError(UPLOAD_MESSAGES.missing, 404, 404);
      return sendStored(request, reply, fileService(ctx).storage, {
        key: blob.storage_key,
        size: blob.size,
        contentType: contentTypeOf(blob.kind),
        disposition: contentDisposition('inline', file.original_file_name),
        cache: 'public, max-age=31536000, immutable',
        extraHeaders: { 'Content-Security-Policy': "default-src 'none'; sandbox" },
      });
    },
  );
}

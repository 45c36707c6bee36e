import type { AppContext } from '../../../platform/AppContext.js';
import type { SessionUser } from '../../../platform/auth/sessions.js';
import { AppError } from '../../../platform/http/AppError.js';
import { readableFile } from '../../../platform/files/fileRecords.js';
import { fileService } from '../../../platform/storage/fileService.js';

/** The header loads the logo for visitors too, so it is kept in the settings as a data URL (img-src allows data:). */
export const LOGO_MAX_BYTES = 512 * 1024;
const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
};

export async function logoDataUrl(ctx: AppContext, user: SessionUser, fileId: number): Promise<string> {
  const { file, blob } = await readableFile(ctx, user, fileId);
  const suffix = String(file.file_suffix ?? '')
    .toLowerCase()
    .replace(/^\./, '');
  const mime = MIME[suffix];
  if (!mime)
    throw AppError.invalid([{ field: 'logo', label: '系统标识', message: '上传文件不符合格式要求，请重新上传' }]);
  if (blob.size > LOGO_MAX_BYTES)
    throw AppError.invalid([{ field: 'logo', label: '系统标识', message: '系统标识图片不能超过512KB' }]);
  const stream = await fileService(ctx).storage.createReadStream(blob.storage_key);
  const parts: Buffer[] = [];
  for await (const piece of stream) parts.push(Buffer.from(piece as Buffer));
  return `data:${mime};base64,${Buffer.concat(parts).toString('base64')}`;
}

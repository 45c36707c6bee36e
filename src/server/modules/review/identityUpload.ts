import type { AppContext } from '../../platform/AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/http/AppError.js';
import { allowed } from '../../platform/records/access.js';
import type { IdentityScan } from '../../../shared/contracts/review.js';
import { entityOf, parseId, storeOf } from './reviewData.js';
import { identityTerms, scanFile, uploadMessage } from './identityScan.js';
import { targetMapping } from './targetMapping.js';

/**
 * A file just uploaded to an identity-free field (reviewTargets.json blindDocumentFields, the
 * 课题论证活页) read for the people, unit and numbers of the record it is for: the form's values as
 * the applicant typed them, over the stored record when there is one. Only the file's uploader asks,
 * and only of a record they may read.
 */
export async function identityOnUpload(
  ctx: AppContext,
  user: SessionUser,
  body: Record<string, unknown>,
): Promise<IdentityScan & { message: string | null }> {
  const entity = String(body.entity ?? '');
  const m = targetMapping(ctx, entity);
  if (!m.blindDocumentFields?.includes(String(body.field ?? '')))
    throw AppError.invalid([{ field: 'field', label: '字段', message: '该字段不需要检查身份信息' }]);
  const file = await ctx.database.db
    .selectFrom('files')
    .select(['md5', 'file_suffix', 'owner_user_id'])
    .where('id', '=', parseId(body.fileId, 'fileId', '文件'))
    .executeTakeFirst();
  if (!file || Number(file.owner_user_id) !== user.userId) throw new AppError('下载地址不存在', 404, 404);
  let stored: Record<string, unknown> = {};
  if (body.id !== undefined && body.id !== null && body.id !== '') {
    const def = entityOf(ctx, entity);
    const rec = await storeOf(ctx).get(def, parseId(body.id));
    if (!rec || !allowed(def, 'read', rec, user)) throw AppError.notFound();
    stored = rec;
  }
  const given = body.record && typeof body.record === 'object' ? (body.record as Record<string, unknown>) : {};
  const terms = identityTerms(ctx, entity, { ...stored, ...given });
  const scan = await scanFile(ctx, { md5: String(file.md5), suffix: String(file.file_suffix) }, terms);
  return { ...scan, message: uploadMessage(scan) };
}

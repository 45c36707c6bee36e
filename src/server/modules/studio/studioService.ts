import path from 'node:path';
import type { AppContext } from '../../platform/AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/http/AppError.js';
import { checkSchemas, type SchemaProblem } from '../../platform/schemas/checkSchemas.js';
import { docOf, fileOfKey, isSchemaKey, kindOf, putDoc } from '../../platform/schemas/schemaDocs.js';
import { checkMetaSchemas } from '../../platform/schemas/checkMetaSchemas.js';
import { jsonParseProblem } from './jsonParseText.js';
import { translateProblem } from './problemText.js';
import { writeLog } from '../../platform/records/writeLog.js';
import { insertVersion, versionById } from '../../platform/schemas/schemaVersions.js';
import type { SchemaSet } from '../../platform/schemas/SchemaSet.js';
import { STUDIO_ROLES } from '../../../shared/roles.js';
import { jsonDiff } from '../../../shared/schema/jsonDiff.js';
import { impactOf } from './dryRun.js';
import { accessChanges } from './accessChange.js';
import { propose } from './proposals.js';
import type { Orphan } from '../../../shared/contracts/studio.js';

/** Only the super admin and the analyst (配置管理员) use the studio, in that active role. */
export function assertStudioUser(user: SessionUser): void {
  if (!STUDIO_ROLES.includes(user.roleCode)) throw AppError.forbidden();
}

/**
 * A key the studio may write: a safe name, and a top-level document only when the set has it
 * already (a new one would be served by nothing and checked by no meta-schema).
 */
export function assertKey(key: string, set?: SchemaSet): void {
  if (!isSchemaKey(key)) throw new AppError('配置文件名称不合法', 400, 400);
  if (set && kindOf(key) === 'document' && !set.documents.has(key))
    throw new AppError(
      `不能新建顶层配置文件“${key}”：只能修改已有的配置文件，或在 entities、pages 等目录下新建`,
      400,
      400,
    );
}

/** A problem's file as the analyst knows it: relative to the project (schemas/...). */
function shown(set: SchemaSet, file: string): string {
  const abs = path.resolve(file);
  const base = path.dirname(path.resolve(set.root));
  return abs.startsWith(`${base}${path.sep}`) ? path.relative(base, abs).split(path.sep).join('/') : file;
}

/** Parses the editor's text; a syntax error is a problem of the file at its root. */
export function parseContent(
  set: SchemaSet,
  key: string,
  content: string,
): { doc?: unknown; problems: SchemaProblem[] } {
  try {
    return { doc: JSON.parse(content), problems: [] };
  } catch (e) {
    return { problems: [{ file: shown(set, fileOfKey(set, key)), ...jsonParseProblem(content, e as Error) }] };
  }
}

/** The whole served set with `key` changed to `doc`, checked as `npm run schemas:check` does. */
export async function checkChange(
  ctx: AppContext,
  key: string,
  doc: unknown,
): Promise<{ set: SchemaSet; problems: SchemaProblem[] }> {
  const set = await ctx.schemaRegistry.current();
  putDoc(set, key, doc);
  let found: SchemaProblem[];
  try {
    found = checkSchemas(set);
  } catch {
    // A document too broken for the cross-reference checks to walk (their meta-schema problems come first).
    const meta = checkMetaOnly(set, key);
    found = meta.length ? meta : [{ file: fileOfKey(set, key), path: '', message: '配置内容不完整，无法检查' }];
  }
  const problems = found.map((p) => ({ ...p, file: shown(set, p.file), message: translateProblem(p.message) }));
  return { set, problems };
}

/** The meta-schema problems of one file of the set alone. */
function checkMetaOnly(set: SchemaSet, key: string): SchemaProblem[] {
  const out: SchemaProblem[] = [];
  const file = fileOfKey(set, key);
  checkMetaSchemas(
    set,
    (k) => fileOfKey(set, k),
    (f, path, message) => {
      if (f === file) out.push({ file: f, path, message });
    },
  );
  return out;
}

export interface PublishInput {
  key: string;
  content: string;
  reason: string;
  /** The analyst saw the orphaned data and goes ahead. */
  confirm?: boolean;
  rolledBackTo?: number;
  /** A super admin approved this access change (proposals.ts): publish it. */
  approved?: boolean;
}

function refuse(problems: SchemaProblem[]): never {
  const first = problems[0];
  throw new AppError(`发布被拒绝：${first.file} ${first.path || '/'}：${first.message}`, 400, 400, { problems });
}

/** The dry run's report the publisher confirmed, kept in the publish's log entry. */
function confirmed(orphans: Orphan[]): string {
  return orphans.length ? `；已确认对已存数据的影响：${orphans.map((o) => o.message).join('；')}` : '';
}

/**
 * Publishes one file: checked with the rest of the set, refused on any problem, held back for
 * confirmation when stored data would lose its schema, stored as a new version (the file's own
 * content is stored first, once, so a rollback can return to it), logged, and served at once.
 */
export async function publish(
  ctx: AppContext,
  user: SessionUser,
  input: PublishInput,
): Promise<{ id: number; orphans: Orphan[]; proposalId?: number }> {
  assertStudioUser(user);
  assertKey(input.key, ctx.schemas);
  const parsed = parseContent(ctx.schemas, input.key, input.content);
  if (parsed.problems.length) refuse(parsed.problems);
  const { problems } = await checkChange(ctx, input.key, parsed.doc);
  if (problems.length) refuse(problems);
  const orphans = await impactOf(ctx, input.key, parsed.doc);
  if (orphans.length && !input.confirm) {
    throw new AppError(`此修改影响已存数据，请确认后再发布：${orphans.map((o) => o.message).join('；')}`, 400, 400, {
      confirm: true,
      orphans,
    });
  }
  const before = docOf(ctx.schemas, input.key);
  // Who may read, write or act is changed by four eyes: the change waits for a super admin's approval.
  if (!input.approved && accessChanges(before, parsed.doc).length) {
    const proposalId = await propose(ctx, user, input, before, parsed.doc);
    return { id: 0, orphans, proposalId };
  }
  const db = ctx.database.db;
  const now = Date.now();
  const id = await db.transaction().execute(async (trx) => {
    const stored = await trx
      .selectFrom('schema_versions')
      .select('id')
      .where('schema_key', '=', input.key)
      .limit(1)
      .executeTakeFirst();
    if (!stored && before !== undefined) {
      await insertVersion(trx, {
        key: input.key,
        content: JSON.stringify(docOf(ctx.schemaRegistry.files, input.key) ?? before),
        action: 'file',
        reason: '发布前的文件内容',
        diff: null,
        rolledBackTo: null,
        userId: null,
        userName: null,
        createdAt: now - 1,
      });
    }
    const action = input.rolledBackTo ? 'rollback' : 'publish';
    const versionId = await insertVersion(trx, {
      key: input.key,
      content: JSON.stringify(parsed.doc),
      action,
      reason: input.reason,
      diff: jsonDiff(before, parsed.doc),
      rolledBackTo: input.rolledBackTo ?? null,
      userId: user.userId,
      userName: user.realName,
      createdAt: now,
    });
    await writeLog(trx, {
      entity: 'schema',
      recordId: versionId,
      action,
      actionLabel: action === 'publish' ? '发布配置' : '回滚配置',
      fromStatus: null,
      toStatus: null,
      comment: `${input.key}：${input.reason}${input.rolledBackTo ? `（回到版本 ${input.rolledBackTo}）` : ''}${confirmed(orphans)}`,
      userId: user.userId,
      userName: user.realName,
      roleCode: user.roleCode,
      createdAt: now,
    });
    return versionId;
  });
  await ctx.schemaRegistry.refresh();
  return { id, orphans };
}

/** Rolls one file back to an earlier version in one step: that content, published again through the same checks. */
export async function rollback(
  ctx: AppContext,
  user: SessionUser,
  input: { versionId: number; reason?: string; confirm?: boolean },
): Promise<{ id: number; orphans: Orphan[]; proposalId?: number }> {
  assertStudioUser(user);
  const v = await versionById(ctx.database.db, input.versionId);
  if (!v) throw AppError.notFound('版本不存在');
  return publish(ctx, user, {
    key: v.key,
    content: v.content,
    reason: input.reason || `回滚到版本 ${v.id}`,
    confirm: input.confirm,
    rolledBackTo: v.id,
  });
}

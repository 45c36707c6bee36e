import type { Readable } from 'node:stream';
import { writeXlsx, type Cell } from '../../platform/resources/xlsxWriter.js';
import { zipStream, type ZipPart } from '../../platform/files/zip.js';
import type { AppContext } from '../../platform/AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { blobOf } from '../../platform/files/fileRecords.js';
import type { FileRef } from '../../platform/files/fileRefs.js';
import { fileService } from '../../platform/storage/fileService.js';
import { AppError } from '../../platform/http/AppError.js';
import { allowed } from '../../platform/records/access.js';
import { KyselyRecordStore, type StoredRecord } from '../../platform/records/RecordStore.js';
import { workflowOf } from '../../platform/workflow/engine.js';

/** At most this many topics in one zip (a page of the list at its largest size). */
export const EXPORT_MAX = 200;
export const EXPORT_MESSAGES = {
  noIds: '请选择要导出的课题',
  tooMany: `一次最多导出${EXPORT_MAX}个课题`,
} as const;

/** The files of a topic in the zip, folder by folder: the application, then each stage's report and extra files. */
const FILE_FIELDS = [
  'applicationDoc',
  'attachments',
  'openingReport',
  'openingFiles',
  'midtermReport',
  'midtermFiles',
  'appraisalReport',
  'appraisalFiles',
  'conclusionReport',
  'conclusionFiles',
] as const;

/** Windows and zip tools refuse these in names; a name is also kept short. */
function safeName(name: string, max = 60): string {
  const cleaned = name
    .replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_')
    .replace(/^\.+/, '_')
    .trim();
  return (cleaned || '_').slice(0, max);
}

/** `ids=3,5,8` as numbers; bad input is refused with a clear message, never a 500. */
export function parseIds(raw: unknown): number[] {
  const text = typeof raw === 'string' ? raw.trim() : Array.isArray(raw) ? raw.join(',') : '';
  if (!text) throw AppError.invalid([{ field: 'ids', label: '课题', message: EXPORT_MESSAGES.noIds }]);
  const parts = text.split(',').map((p) => p.trim());
  if (parts.some((p) => !/^[1-9][0-9]{0,14}$/.test(p)))
    throw AppError.invalid([{ field: 'ids', label: '课题', message: EXPORT_MESSAGES.noIds }]);
  const ids = [...new Set(parts.map(Number))];
  if (ids.length > EXPORT_MAX)
    throw AppError.invalid([{ field: 'ids', label: '课题', message: EXPORT_MESSAGES.tooMany }]);
  return ids;
}

function refsOf(v: unknown): FileRef[] {
  return Array.isArray(v)
    ? v.filter((f): f is FileRef => Boolean(f && typeof f === 'object' && typeof (f as FileRef).md5 === 'string'))
    : [];
}

export interface TopicZip {
  filename: string;
  stream: Readable;
}

/**
 * The selected topics as one zip (SPEC §7 export with ?ids=): a folder per topic (编号_名称) with a
 * sub-folder per file field (申报书, 开题报告, ...), and 课题汇总.xlsx listing them. Every topic is
 * checked as reading it is (per record, the user's scope): one the user may not read answers 404,
 * as its get does, and nothing is sent. Blobs are resolved before the first byte goes out.
 */
export async function exportTopics(
  ctx: AppContext,
  user: SessionUser,
  ids: number[],
  now = Date.now(),
): Promise<TopicZip> {
  const entity = ctx.schemas.entities.get('topic');
  if (!entity) throw AppError.notFound();
  const workflow = workflowOf(ctx, entity);
  const store = KyselyRecordStore.of(ctx.database);
  const topics: StoredRecord[] = [];
  for (const id of ids) {
    const rec = await store.get(entity, id);
    if (!rec || !allowed(entity, 'read', rec, user, now)) throw AppError.notFound();
    topics.push(rec);
  }

  const storage = fileService(ctx).storage;
  const parts: ZipPart[] = [];
  const sheetRows: Cell[][] = [];
  const usedFolders = new Set<string>();
  for (const t of topics) {
    let folder = safeName(`${t.topicNo ? `${String(t.topicNo)}_` : ''}${String(t.name ?? `课题${t.id}`)}`);
    if (usedFolders.has(folder)) folder = `${folder}_${t.id}`;
    usedFolders.add(folder);
    let count = 0;
    for (const field of FILE_FIELDS) {
      const label = safeName(entity.fields[field]?.label ?? field);
      const usedNames = new Set<string>();
      for (const ref of refsOf(t[field])) {
        const blob = await blobOf(ctx, ref.md5);
        if (!blob) continue;
        let name = safeName(ref.fileName || `${ref.id}.${ref.fileSuffix}`, 120);
        if (usedNames.has(name)) name = `${ref.id}_${name}`;
        usedNames.add(name);
        parts.push({
          name: `${folder}/${label}/${name}`,
          data: { size: blob.size, open: () => storage.createReadStream(blob.storage_key) },
          mtime: new Date(t.updatedAt),
        });
        count += 1;
      }
    }
    const status = workflow?.statuses.find((s) => s.code === String(t.status))?.label ?? String(t.status ?? '');
    const stage = workflow?.stages?.find((s) => s.stage === Number(t.stage))?.label ?? '';
    sheetRows.push([
      ...[t.topicNo, t.name, t.leader, t.unit, t.areaCode, t.year].map((v): Cell =>
        typeof v === 'number' ? v : v === null || v === undefined ? '' : String(v),
      ),
      stage,
      status,
      count,
      folder,
    ]);
  }

  const summary = await writeXlsx([
    {
      name: '课题汇总',
      header: ['课题编号', '课题名称', '负责人', '单位', '地区', '年度', '阶段', '状态', '文件数', '文件夹'],
      rows: sheetRows,
    },
  ]);
  parts.push({ name: '课题汇总.xlsx', data: summary });
  const stamp = new Date(now + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');
  return { filename: `课题材料_${stamp}.zip`, stream: zipStream(parts).stream };
}

import crypto from 'node:crypto';
import type { AppContext } from '../../platform/AppContext.js';
import type { EntityDef } from '../../../shared/schema/types.js';
import { KyselyRecordStore, type StoredRecord } from '../../platform/records/RecordStore.js';
import { filesByIds } from '../../platform/files/fileRecords.js';
import { findMatches } from './checker.js';
import { fileText } from './fileText.js';
import { dropDocs, putDoc, type IndexDoc } from './indexStore.js';
import { recheckLater } from './laterDocs.js';
import { lettersOf, shingleHashes } from './shingles.js';
import { FIXED_TEXT, MIN_LETTERS, sourceOf, type Source } from './sources.js';
import type { Db } from '../../platform/db/tables.js';

export function plainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h\d|\/tr)[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function addShingles(set: Set<number>, text: string): void {
  for (const h of shingleHashes(lettersOf(text).chars)) set.add(h);
}

/**
 * The shingles no document is blamed for: the fixed headings, the entity's field labels, and the
 * notice's text and its template files. Answers them and a key that changes when they do.
 */
export async function boilerplateOf(
  ctx: AppContext,
  entity: EntityDef,
  noticeId: number | null,
): Promise<{ set: Set<number>; key: string }> {
  const set = new Set<number>();
  for (const t of FIXED_TEXT) addShingles(set, t);
  for (const f of Object.values(entity.fields)) addShingles(set, f.label ?? '');
  const notice = ctx.schemas.entities.get('notice');
  if (!noticeId || !notice) return { set, key: 'fixed' };
  const rec = await KyselyRecordStore.of(ctx.database).get(notice, noticeId);
  if (!rec) return { set, key: 'fixed' };
  addShingles(set, plainText(String(rec.body ?? '')));
  for (const file of await filesByIds(ctx, refIds(rec.attachments))) {
    const t = await fileText(ctx, file.md5, file.file_suffix);
    if ('text' in t) addShingles(set, t.text);
  }
  return { set, key: `notice:${noticeId}:${rec.updatedAt}` };
}

function refIds(value: unknown): number[] {
  return Array.isArray(value) ? value.map((r) => Number((r as { id?: unknown })?.id)).filter(Number.isInteger) : [];
}

export function personOf(source: Source, rec: StoredRecord): string | null {
  const v = source.personField ? rec[source.personField] : null;
  if (typeof v !== 'string' || !v.trim()) return null;
  return crypto.createHash('sha256').update(`similarity:${v.trim().toUpperCase()}`).digest('hex').slice(0, 32);
}

/** The record's documents: its long texts, and each file's text (or `pending` while one is being converted). */
async function documentsOf(
  ctx: AppContext,
  source: Source,
  entity: EntityDef,
  rec: StoredRecord,
): Promise<{ docs: IndexDoc[]; pending: boolean }> {
  const topicId = source.topicField ? Number(rec[source.topicField]) || null : rec.id;
  const base = {
    entity: source.entity,
    recordId: rec.id,
    topicId,
    ownerId: rec.ownerId,
    person: personOf(source, rec),
    noticeId: source.noticeField ? Number(rec[source.noticeField]) || null : null,
  };
  const docs: IndexDoc[] = [];
  let pending = false;
  for (const [field, def] of Object.entries(entity.fields)) {
    const value = rec[field];
    if ((def.type === 'text' || def.type === 'richtext') && typeof value === 'string') {
      const text = def.type === 'richtext' ? plainText(value) : value;
      if (lettersOf(text).chars.length >= MIN_LETTERS)
        docs.push({
          ...base,
          docKey: `${source.entity}:${rec.id}:${field}`,
          field,
          label: def.label,
          text,
          at: rec.createdAt,
        });
    }
    if (def.type !== 'files') continue;
    for (const file of await filesByIds(ctx, refIds(value))) {
      const t = await fileText(ctx, file.md5, file.file_suffix);
      if ('pending' in t) pending = true;
      if (!('text' in t) || lettersOf(t.text).chars.length < MIN_LETTERS) continue;
      docs.push({
        ...base,
        docKey: `${source.entity}:${rec.id}:${field}:${file.id}`,
        field,
        label: `${def.label}：${file.original_file_name}`,
        text: t.text,
        at: Math.max(rec.createdAt, file.created_at),
      });
    }
  }
  return { docs, pending };
}

/** Documents of one topic are versions of one work: never compared with each other. */
export const sameTopic =
  (a: { topicId: number | null; entity: string; recordId: number }) =>
  (d: { topicId: number | null; entity: string; recordId: number }) =>
    (a.topicId !== null && d.topicId === a.topicId) || (d.entity === a.entity && d.recordId === a.recordId);

/**
 * Brings one record's documents in the index up to date and checks each changed one against the
 * documents that came before it (the later ones it may be the original of are checked again).
 * Answers 'pending' while a file's conversion is still under way (the record is to be indexed
 * again), 'done' otherwise; a record gone leaves the index.
 */
export async function indexRecord(ctx: AppContext, entityName: string, id: number): Promise<'done' | 'pending'> {
  const source = sourceOf(entityName);
  const entity = ctx.schemas.entities.get(entityName);
  const db = ctx.database.db;
  if (!source || !entity) return 'done';
  const rec = await KyselyRecordStore.of(ctx.database).get(entity, id);
  if (!rec) {
    await dropDocs(db, entityName, id, []);
    return 'done';
  }
  const { docs, pending } = await documentsOf(ctx, source, entity, rec);
  const boilerplate = await boilerplateOf(
    ctx,
    entity,
    source.noticeField ? Number(rec[source.noticeField]) || null : null,
  );
  await dropDocs(
    db,
    entityName,
    id,
    docs.map((d) => d.docKey),
  );
  for (const doc of docs) {
    const { id: docId, changed } = await putDoc(db, doc, boilerplate.set, boilerplate.key);
    if (changed) await checkDoc(db, docId, doc, boilerplate.set);
  }
  return pending ? 'pending' : 'done';
}

async function checkDoc(db: Db, docId: number, doc: IndexDoc, boilerplate: Set<number>): Promise<void> {
  const first = await db.selectFrom('similarity_docs').select('first_at').where('id', '=', docId).executeTakeFirst();
  const at = Number(first?.first_at ?? doc.at);
  const [best] = await findMatches(db, doc.text, {
    boilerplate,
    before: at,
    skip: sameTopic(doc),
    ownerId: doc.ownerId,
    person: doc.person,
    limit: 1,
  });
  await db
    .updateTable('similarity_docs')
    .set({
      best_score: best?.score ?? 0,
      best_doc_id: best?.doc.id ?? null,
      best_same_person: best ? Number(best.samePerson) : null,
    })
    .where('id', '=', docId)
    .execute();
  await recheckLater(db, docId, doc, at, boilerplate);
}

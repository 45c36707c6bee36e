import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { bandKeys, signatureBytes, signatureFromBytes, signatureOf } from './minhash.js';
import { shingleSet } from './shingles.js';
import type { Selectable } from 'kysely';
import type { SimilarityDocsTable } from '../../platform/db/rows.js';
import type { Db } from '../../platform/db/tables.js';

/** A document to index: a long text of a record, or the text of one of its files. */
export interface IndexDoc {
  /** Unique per document: `<entity>:<id>:<field>` or `<entity>:<id>:<field>:<file id>`. */
  docKey: string;
  entity: string;
  recordId: number;
  /** The topic the document belongs to (a result's topic), for the report's link and the column. */
  topicId: number | null;
  field: string;
  /** What the report calls it: the field's label, or the file's name. */
  label: string;
  ownerId: number | null;
  /** Who applied, across accounts: a digest of the leader's ID number (same person, another account). */
  person: string | null;
  noticeId: number | null;
  text: string;
  /** When the document first came (a copy is compared with what came before it). */
  at: number;
}

export interface DocRow {
  id: number;
  docKey: string;
  entity: string;
  recordId: number;
  topicId: number | null;
  field: string;
  label: string;
  ownerId: number | null;
  person: string | null;
  noticeId: number | null;
  shingles: number;
  firstAt: number;
  signature: Uint32Array;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function docRow(r: Pick<Selectable<SimilarityDocsTable>, (typeof DOC_COLUMNS)[number]>): DocRow {
  return {
    id: Number(r.id),
    docKey: r.doc_key,
    entity: r.entity,
    recordId: Number(r.record_id),
    topicId: num(r.topic_id),
    field: r.field,
    label: r.label,
    ownerId: num(r.owner_id),
    person: r.person ?? null,
    noticeId: num(r.notice_id),
    shingles: Number(r.shingles),
    firstAt: Number(r.first_at),
    signature: signatureFromBytes(r.signature),
  };
}

export const DOC_COLUMNS = [
  'id',
  'doc_key',
  'entity',
  'record_id',
  'topic_id',
  'field',
  'label',
  'owner_id',
  'person',
  'notice_id',
  'shingles',
  'first_at',
  'signature',
] as const;

export function packText(text: string): Buffer {
  return zlib.deflateRawSync(Buffer.from(text, 'utf8'));
}

export function unpackText(bytes: Uint8Array): string {
  return zlib.inflateRawSync(bytes).toString('utf8');
}

/** The parts of a text the index keeps: its shingles (less boilerplate), signature and band keys. */
export function featuresOf(text: string, boilerplate?: ReadonlySet<number>) {
  const set = shingleSet(text, boilerplate);
  const signature = signatureOf(set);
  return { set, signature, bands: bandKeys(signature) };
}

const INSERT_ROWS = 500;

/**
 * Puts a document into the index, or leaves it when its text and boilerplate are unchanged.
 * Answers its id and whether it changed (then its check is to be run again).
 */
export async function putDoc(
  db: Db,
  doc: IndexDoc,
  boilerplate: ReadonlySet<number> | undefined,
  boilerplateKey: string,
  now = Date.now(),
): Promise<{ id: number; changed: boolean }> {
  const hash = crypto.createHash('md5').update(doc.text).update('\0').update(boilerplateKey).digest('hex');
  const known = await db
    .selectFrom('similarity_docs')
    .select(['id', 'content_hash', 'first_at'])
    .where('doc_key', '=', doc.docKey)
    .executeTakeFirst();
  const meta = {
    entity: doc.entity,
    record_id: doc.recordId,
    topic_id: doc.topicId,
    field: doc.field,
    label: doc.label.slice(0, 200),
    owner_id: doc.ownerId,
    person: doc.person,
    notice_id: doc.noticeId,
  };
  if (known && known.content_hash === hash) {
    await db.updateTable('similarity_docs').set(meta).where('id', '=', known.id).execute();
    return { id: Number(known.id), changed: false };
  }
  const f = featuresOf(doc.text, boilerplate);
  const values = {
    ...meta,
    content_hash: hash,
    shingles: f.set.size,
    signature: signatureBytes(f.signature),
    body: packText(doc.text),
    indexed_at: now,
    best_score: null,
    best_doc_id: null,
    best_same_person: null,
  };
  return db.transaction().execute(async (tx) => {
    let id: number;
    if (known) {
      id = Number(known.id);
      await tx.updateTable('similarity_docs').set(values).where('id', '=', id).execute();
      await tx.deleteFrom('similarity_bands').where('doc_id', '=', id).execute();
    } else {
      const row = await tx
        .insertInto('similarity_docs')
        .values({ ...values, doc_key: doc.docKey, first_at: doc.at })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = Number(row.id);
    }
    // An empty text has no shingles and so no bands: it is found by nothing.
    if (f.set.size) {
      const keys = [...new Set(f.bands)];
      for (let i = 0; i < keys.length; i += INSERT_ROWS)
        await tx
          .insertInto('similarity_bands')
          .values(keys.slice(i, i + INSERT_ROWS).map((k) => ({ band_key: k, doc_id: id })))
          .execute();
    }
    return { id, changed: true };
  });
}

/** Removes a record's documents that are no longer among `keep` (a file taken off, a text emptied). */
export async function dropDocs(db: Db, entity: string, recordId: number, keep: string[]): Promise<void> {
  let q = db.selectFrom('similarity_docs').select('id').where('entity', '=', entity).where('record_id', '=', recordId);
  if (keep.length) q = q.where('doc_key', 'not in', keep);
  const ids = (await q.execute()).map((r) => Number(r.id));
  if (!ids.length) return;
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('similarity_bands').where('doc_id', 'in', ids).execute();
    await tx
      .updateTable('similarity_docs')
      .set({ best_doc_id: null, best_score: null })
      .where('best_doc_id', 'in', ids)
      .execute();
    await tx.deleteFrom('similarity_docs').where('id', 'in', ids).execute();
  });
}

/** The documents sharing at least one band with `bands`, with how many they share, most first. */
export async function candidatesOf(db: Db, bands: number[], limit: number): Promise<{ docId: number; hits: number }[]> {
  if (!bands.length) return [];
  const rows = await db
    .selectFrom('similarity_bands')
    .select(['doc_id', db.fn.countAll().as('hits')])
    .where('band_key', 'in', [...new Set(bands)])
    .groupBy('doc_id')
    .orderBy('hits', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ docId: Number(r.doc_id), hits: Number(r.hits) }));
}

export async function docsByIds(db: Db, ids: number[]): Promise<DocRow[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('similarity_docs')
    .select([...DOC_COLUMNS])
    .where('id', 'in', ids)
    .execute();
  return rows.map(docRow);
}

export async function bodiesOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('similarity_docs').select(['id', 'body']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [Number(r.id), unpackText(r.body)]));
}

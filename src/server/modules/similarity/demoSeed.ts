import type { AppContext } from '../../platform/AppContext.js';
import { bindFiles, type FileRef } from '../../platform/files/fileRefs.js';
import { KyselyRecordStore, type StoredRecord } from '../../platform/records/RecordStore.js';
import { docxBytes, storeDemoFile } from '../topics/demoFiles.js';
import { reorder, replaceSynonyms, rng } from './corpus.js';
import { DEMO_REPORTS } from './demoTexts.js';
import { pdfReadable } from './fileText.js';
import { reportPdf } from './reportPdf.js';

/**
 * The duplicate check's demo: a concluded demo topic's 结题报告 becomes a real report (a PDF with
 * its text), and an application under expert review — in a blind batch of expert1 when there is
 * one — carries a 申报书 that copies it with a fifth of its words replaced and its sentences
 * moved, so 疑似重复 shows to the city and province admins (with the report) and to the experts
 * (the flag alone). Files belong to each topic's own leader. Indexed by the queue's first run.
 */
export async function seedSimilarityDemo(ctx: AppContext): Promise<void> {
  const topicDef = ctx.schemas.entities.get('topic');
  const reviewDef = ctx.schemas.entities.get('review');
  if (!topicDef || !reviewDef) return;
  const store = KyselyRecordStore.of(ctx.database);
  const list = async (where: Parameters<typeof store.list>[1]['where']) =>
    (await store.list(topicDef, { where, sort: [{ field: 'id', order: 'asc' }], offset: 0, limit: 50 })).rows;
  const user = (username: string) =>
    ctx.database.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
  const leader1 = await user('leader1');
  // Not leader1's own concluded topic: a copy of it by leader1 would be their continuation (本人延续),
  // and the demo (and the browser journey of leader1 copying this report) shows another's work copied.
  const concludedAll = await list({ t: 'cmp', field: 'status', op: '=', value: '18' });
  const concluded = concludedAll.find((t) => t.ownerId !== Number(leader1?.id)) ?? concludedAll.at(-1);
  if (!concluded || !concluded.ownerId) return;
  const expert = await user('expert1');
  const reviews = expert
    ? (
        await store.list(reviewDef, {
          where: { t: 'cmp', field: 'expertUserId', op: '=', value: Number(expert.id) },
          sort: [{ field: 'id', order: 'asc' }],
          offset: 0,
          limit: 50,
        })
      ).rows
    : [];
  const reviewed = new Set(reviews.filter((r) => r.targetEntity === 'topic').map((r) => Number(r.targetId)));
  const applications = (await list({ t: 'in', field: 'status', values: ['1', '2'] })).filter(
    (t) => t.ownerId !== concluded.ownerId,
  );
  const copier = applications.find((t) => reviewed.has(t.id)) ?? applications[0];
  if (!copier || !copier.ownerId) return;

  const source = DEMO_REPORTS[0];
  // A PDF where it can be read back (pdftotext), as the real reports are; else the same text as .docx.
  const pdf = pdfReadable() ? await reportPdf(source.title, source.paragraphs) : null;
  const report = pdf
    ? await storeDemoFile(ctx, concluded.ownerId, pdf, '结题报告.pdf', 'topic.conclusionReport')
    : await storeDemoFile(
        ctx,
        concluded.ownerId,
        await docxBytes([source.title, ...source.paragraphs]),
        '结题报告.docx',
        'topic.conclusionReport',
      );
  const rand = rng(2026);
  const changed = replaceSynonyms(reorder(source.paragraphs, rand), 0.2, rand).paragraphs;
  const application = await storeDemoFile(
    ctx,
    copier.ownerId,
    await docxBytes([String(copier.name), '一、选题依据', ...changed.slice(0, 2), '二、研究内容', ...changed.slice(2)]),
    `${String(copier.name)}申报书.docx`,
    'topic.applicationDoc',
  );
  await put(ctx, store, topicDef, concluded, 'conclusionReport', report);
  await put(ctx, store, topicDef, copier, 'applicationDoc', application);
}

async function put(
  ctx: AppContext,
  store: KyselyRecordStore,
  topicDef: NonNullable<ReturnType<AppContext['schemas']['entities']['get']>>,
  topic: StoredRecord,
  field: string,
  file: FileRef,
): Promise<void> {
  await store.transaction(async (tx) => {
    const current = (await tx.get(topicDef, topic.id))!;
    await tx.update(topicDef, { ...current, [field]: [file] }, current.version);
  });
  await bindFiles(ctx, `topic.${field}`, topic.id, [file.id]);
}

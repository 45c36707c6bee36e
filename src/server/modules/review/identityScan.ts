import type { AppContext } from '../../platform/AppContext.js';
import type { StoredRecord } from '../../platform/records/RecordStore.js';
import type { EntityDef, FieldDef } from '../../../shared/schema/types.js';
import { filePages } from '../similarity/fileText.js';
import type { IdentityFinding, IdentityScan } from '../../../shared/contracts/review.js';
import { targetMapping } from './targetMapping.js';

/*
 * IdentityFinding: one word found, what it is (姓名, 单位, 身份证号, 手机号) and where (page, or
 * paragraph when the file has no pages yet). IdentityScan: clean, found, not readable yet (its
 * conversion is under way), or no text at all.
 */

interface Term {
  word: string;
  kind: string;
  /** Digits compared without spaces or dashes (an ID or phone number written in groups). */
  digits: boolean;
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const isNumberField = (f: FieldDef | undefined) =>
  f?.mask === 'idCard' || f?.mask === 'phone' || (!!f && 'format' in f && f.format === 'idCard');

/**
 * The words that would name the people or unit behind a record, from its kind's mapping
 * (reviewTargets.json: people, members, unit) and its schema (ID and phone number fields among the
 * identity fields and the member rows). A unit is looked for also without its place prefix
 * (定州市青松中学 → 青松中学), as people write it.
 */
export function identityTerms(ctx: AppContext, entity: string, record: Record<string, unknown>): Term[] {
  const m = targetMapping(ctx, entity);
  const def = ctx.schemas.entities.get(entity) as EntityDef;
  const terms: Term[] = [];
  const add = (word: string, kind: string, digits = false) => {
    const w = digits ? word.replace(/[\s-]/g, '') : word;
    if (w.length >= 2 && !terms.some((t) => t.word === w)) terms.push({ word: w, kind, digits });
  };
  const addUnit = (unit: string) => {
    add(unit, '单位');
    const short = unit.replace(/^.{1,8}?[省市县区]/, '');
    if (short !== unit && short.length >= 4) add(short, '单位');
  };
  for (const p of m.people) {
    add(text(record[p.nameField]), '姓名');
    if (p.idCardField) add(text(record[p.idCardField]), '身份证号', true);
  }
  if (text(record[m.unitField])) addUnit(text(record[m.unitField]));
  for (const [name, f] of Object.entries(def.fields))
    if (f.identity === true && isNumberField(f))
      add(text(record[name]), f.mask === 'phone' ? '手机号' : '身份证号', true);
  const rows = m.membersField ? record[m.membersField] : null;
  const rowFields = (m.membersField ? def.fields[m.membersField]?.rows?.fields : undefined) ?? {};
  if (Array.isArray(rows))
    for (const row of rows as Array<Record<string, unknown>>) {
      if (!row || typeof row !== 'object') continue;
      add(text(row[m.memberNameKey]), '成员姓名');
      if (text(row[m.unitField])) addUnit(text(row[m.unitField]));
      for (const [k, f] of Object.entries(rowFields))
        if (isNumberField(f)) add(text(row[k]), f.mask === 'phone' ? '手机号' : '身份证号', true);
    }
  return terms;
}

/** Any ID or mobile number, the applicant's or not: a 活页 should carry none. */
const ANY_NUMBER: Array<[RegExp, string]> = [
  [/(?<!\d)\d{17}[\dXx](?!\d)/g, '身份证号'],
  [/(?<!\d)1[3-9]\d{9}(?!\d)/g, '手机号'],
];

/** The findings in parts of text (pages or paragraphs), each word once, at its first place. */
export function findIdentity(parts: string[], terms: Term[], where: 'page' | 'paragraph'): IdentityFinding[] {
  const out: IdentityFinding[] = [];
  const seen = new Set<string>();
  parts.forEach((part, i) => {
    const flat = part.replace(/\s+/g, '');
    const digits = part.replace(/[\s-]/g, '');
    const found = (word: string, kind: string) => {
      // 青松中学 inside 定州市青松中学 already found says nothing more.
      if ([...seen].some((w) => w.includes(word))) return;
      seen.add(word);
      out.push({ word, kind, [where]: i + 1 });
    };
    for (const t of terms) if ((t.digits ? digits : flat).includes(t.word)) found(t.word, t.kind);
    for (const [re, kind] of ANY_NUMBER) for (const m of digits.matchAll(re)) found(m[0], kind);
  });
  return out;
}

/** Reads one stored file and looks for the terms in it. */
export async function scanFile(
  ctx: AppContext,
  file: { md5: string; suffix: string },
  terms: Term[],
): Promise<IdentityScan> {
  const read = await filePages(ctx, file.md5, file.suffix);
  if ('pending' in read) return { state: 'pending', findings: [] };
  if ('none' in read) return { state: 'unreadable', findings: [] };
  const findings =
    'pages' in read ? findIdentity(read.pages, terms, 'page') : findIdentity(read.paragraphs, terms, 'paragraph');
  return { state: findings.length ? 'found' : 'clean', findings };
}

/** Where a finding is, as the applicant and the organiser read it: 「张明」（负责人姓名，第2页）. */
export function findingText(f: IdentityFinding): string {
  const where = f.page ? `第${f.page}页` : f.paragraph ? `第${f.paragraph}段` : '';
  return `「${f.word}」（${f.kind}${where ? `，${where}` : ''}）`;
}

/**
 * The identity flag of a record before allocation: its identity-free files (blindDocumentFields)
 * read against its own people, unit and numbers. Null when its kind has no such files.
 */
export async function recordIdentityScan(
  ctx: AppContext,
  entity: string,
  rec: StoredRecord,
): Promise<IdentityScan | null> {
  const m = targetMapping(ctx, entity);
  if (!m.blindDocumentFields?.length) return null;
  const terms = identityTerms(ctx, entity, rec);
  const findings: IdentityFinding[] = [];
  let pending = false;
  for (const field of m.blindDocumentFields) {
    const refs = Array.isArray(rec[field]) ? (rec[field] as Array<{ md5?: string; fileSuffix?: string }>) : [];
    for (const r of refs) {
      if (!r?.md5 || !r.fileSuffix) continue;
      const scan = await cachedScan(ctx, { md5: r.md5, suffix: r.fileSuffix }, terms);
      if (scan.state === 'pending') pending = true;
      findings.push(...scan.findings);
    }
  }
  return { state: findings.length ? 'found' : pending ? 'pending' : 'clean', findings };
}

/** Scans by file and terms, kept while the process runs: the allocation page asks on every load. */
const cache = new Map<string, IdentityScan>();
async function cachedScan(
  ctx: AppContext,
  file: { md5: string; suffix: string },
  terms: Term[],
): Promise<IdentityScan> {
  const key = `${file.md5}:${terms.map((t) => t.word).join('|')}`;
  const known = cache.get(key);
  if (known) return known;
  const scan = await scanFile(ctx, file, terms);
  if (scan.state !== 'pending') {
    if (cache.size > 5000) cache.clear();
    cache.set(key, scan);
  }
  return scan;
}

/** The applicant's answer at upload: which words, where, in one sentence; null when clean. */
export function uploadMessage(scan: IdentityScan): string | null {
  if (scan.state === 'found')
    return `该文件中出现了可能暴露身份的信息：${scan.findings.map(findingText).join('、')}。隐名评审的专家会看到该文件，请删除这些信息后重新上传。`;
  if (scan.state === 'pending') return '文件正在转换，稍后将再次检查其中是否含有身份信息';
  return null;
}

import type { EntityDef, ReviewTargetDef, ReviewTargetsDef } from '../../../shared/schema/types.js';
import type { AppContext } from '../../platform/AppContext.js';
import { AppError } from '../../platform/http/AppError.js';
import type { StoredRecord } from '../../platform/records/RecordStore.js';
import type { AllocExpert, ReviewTarget, TargetPerson } from './conflicts.js';

/**
 * How the review engine reads one kind of reviewed record: its entry of schemas/reviewTargets.json
 * (ReviewTargetDef, generated from the meta-schema) and what the server adds when it reads it, which
 * the file does not hold.
 */
export interface TargetMapping extends ReviewTargetDef {
  /** The entity the entry is keyed by. */
  entity: string;
  /**
   * Fields naming the people or unit behind the record (`"identity": true` in its entity schema):
   * never shown to an expert of a blind batch.
   */
  identityFields: string[];
}

export function targetMapping(ctx: AppContext, entity: string): TargetMapping {
  const doc = ctx.schemas.documents.get('reviewTargets') as Partial<ReviewTargetsDef> | undefined;
  const m = doc?.targets?.[entity];
  const def = ctx.schemas.entities.get(entity);
  if (!m || !def) throw AppError.invalid([{ field: 'targetEntity', label: '评审对象', message: '评审对象不正确' }]);
  return { entity, ...m, identityFields: identityFields(def) };
}

/** The fields its schema marks `"identity": true`. */
export function identityFields(def: EntityDef): string[] {
  return Object.entries(def.fields)
    .filter(([, f]) => f.identity === true)
    .map(([name]) => name);
}

const str = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/** A record as the allocator sees it. */
export function toReviewTarget(m: TargetMapping, rec: StoredRecord): ReviewTarget {
  const people: TargetPerson[] = m.people.map((p) => ({
    name: str(rec[p.nameField]),
    idCard: p.idCardField ? str(rec[p.idCardField]) : null,
  }));
  const members = m.membersField ? rec[m.membersField] : null;
  if (Array.isArray(members)) {
    for (const x of members) {
      if (x && typeof x === 'object') {
        const o = x as Record<string, unknown>;
        people.push({ name: str(o[m.memberNameKey]), idCard: m.memberIdCardKey ? str(o[m.memberIdCardKey]) : null });
      }
    }
  }
  return {
    id: rec.id,
    name: str(rec[m.nameField]) ?? `#${rec.id}`,
    unit: str(rec[m.unitField]),
    areaCode: str(m.areaField === 'areaCode' ? rec.areaCode : rec[m.areaField]),
    subject: str(rec[m.subjectField]),
    people: people.filter((p) => p.name || p.idCard),
  };
}

/** An expert record as the allocator sees it. */
export function toAllocExpert(rec: StoredRecord): AllocExpert {
  const others = Array.isArray(rec.otherSubjects) ? rec.otherSubjects.map(String) : [];
  return {
    id: rec.id,
    name: String(rec.name ?? ''),
    idCard: str(rec.idCard),
    unit: str(rec.unit),
    areaCode: str(rec.area),
    subjects: [str(rec.subject), ...others].filter((s): s is string => !!s),
  };
}

/**
 * The file fields an expert reads in a batch: in a blind batch only the identity-free ones
 * (blindDocumentFields, the 课题论证活页), unless its organiser opened every document to it
 * (openMaterials); otherwise every document field.
 */
export function documentFieldsFor(m: ReviewTargetDef, batch: Record<string, unknown> | null | undefined): string[] {
  if (batch?.blind === true && batch.openMaterials !== true && m.blindDocumentFields) return m.blindDocumentFields;
  return m.documentFields;
}

/**
 * What an expert may read of a record: the shown fields, minus the identity fields in a blind
 * batch and minus the document fields the batch does not serve (`documents`, documentFieldsFor).
 */
export function expertView(
  m: TargetMapping,
  rec: StoredRecord,
  blind: boolean,
  documents: readonly string[] = m.documentFields,
): Record<string, unknown> {
  const out: Record<string, unknown> = { id: rec.id };
  const hidden = new Set(blind ? m.identityFields : []);
  for (const f of m.documentFields) if (!documents.includes(f)) hidden.add(f);
  for (const f of m.shownFields) if (!hidden.has(f)) out[f] = rec[f] ?? null;
  if (!blind) for (const f of m.identityFields) out[f] = rec[f] ?? null;
  return out;
}

import type { Cond } from '../schemas/ruleFilter.js';

/** A record as the engine handles it: system fields (times as epoch ms) and the entity's fields. */
export interface StoredRecord {
  id: number;
  version: number;
  status: string | null;
  ownerId: number | null;
  areaCode: string | null;
  createdAt: number;
  updatedAt: number;
  createdBy: number | null;
  updatedBy: number | null;
  [field: string]: unknown;
}

/**
 * A record about to be stored for the first time: no id or version yet. (`Omit` of a type with an
 * index signature keeps only the signature, and with it every system field's type was lost.)
 */
export type NewStoredRecord = Pick<
  StoredRecord,
  'status' | 'ownerId' | 'areaCode' | 'createdAt' | 'updatedAt' | 'createdBy' | 'updatedBy'
> & { [field: string]: unknown };

/** Conditions of a list: the scope and rules (Cond), plus the request's filters. */
export type Filter =
  | Cond
  | { t: 'like'; field: string; value: string }
  | { t: 'and' | 'or'; items: Filter[] }
  | { t: 'not'; item: Filter };

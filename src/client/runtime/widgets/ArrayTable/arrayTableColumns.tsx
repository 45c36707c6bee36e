/**
 * How the cells of an ArrayTable read, from the page's columns and the entity's row definition
 * (FieldDef.rows): dictionary values as their labels, dates and times in the province's time,
 * masks outside editing. A page may list its columns, or leave them to the row definition.
 */
import type { RowFieldDef, RowsDef } from '../../../../shared/schema/types.js';
import { maskIdCard, maskPhone } from '../../../../shared/masks.js';
import { formatDate } from '../../model/columns.js';
import { DictPending } from '../../dictionaries/DictPending.js';
import { dictionaryText, useDictionary } from '../../dictionaries/useDictionary.js';

/** One column of the table: a key of the row objects, its title, and how it is edited and shown. */
export interface ArrayTableColumn {
  key: string;
  title: string;
  width?: number;
  /** input (default), textarea or date (YYYY-MM-DD). */
  input?: 'input' | 'textarea' | 'date';
  /** Shown masked outside editing (SPEC §5). */
  mask?: 'idCard' | 'mobile' | 'phone';
  placeholder?: string;
  maxLength?: number;
}

/** The page's columns, or, when it lists none, one per column of the row definition. */
export function columnsOf(columns: ArrayTableColumn[] | undefined, rows: RowsDef | undefined): ArrayTableColumn[] {
  if (columns?.length) return columns;
  return Object.entries(rows?.fields ?? {}).map(([key, def]) => ({
    key,
    title: def.label,
    ...(def.type === 'date' ? { input: 'date' as const } : def.type === 'text' ? { input: 'textarea' as const } : {}),
    ...(def.mask ? { mask: def.mask } : {}),
    ...(def.maxLength ? { maxLength: def.maxLength } : {}),
  }));
}

function plain(col: ArrayTableColumn, def: RowFieldDef | undefined, v: unknown): string {
  if (v === null || v === undefined || v === '') return '-';
  if (def?.type === 'date' || def?.type === 'datetime') return formatDate(v, def.type === 'datetime') || '-';
  if (def?.type === 'boolean') return v ? '是' : '否';
  const text = String(v);
  const mask = col.mask ?? def?.mask;
  return mask === 'idCard' ? maskIdCard(text) : mask === 'mobile' || mask === 'phone' ? maskPhone(text) : text;
}

function DictCell({ dict, value }: { dict: string; value: unknown }) {
  const { options, loading } = useDictionary(dict);
  if (loading) return <DictPending />;
  return <>{dictionaryText(options, value) || '-'}</>;
}

/** A cell read-only: a dictionary's label, never its code. */
export function CellText({ col, def, value }: { col: ArrayTableColumn; def: RowFieldDef | undefined; value: unknown }) {
  if (def?.dict && value !== null && value !== undefined && value !== '')
    return <DictCell dict={def.dict} value={value} />;
  return <>{plain(col, def, value)}</>;
}

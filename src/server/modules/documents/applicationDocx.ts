import {
  AlignmentType,
  BorderStyle,
  Document,
  HeadingLevel,
  Packer,
  PageBreak,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import type {
  EntityDef,
  FieldDef,
  FormFieldDef,
  FormPageDef,
  SectionDef,
  WorkflowDef,
} from '../../../shared/schema/types.js';
import { maskIdCard, maskPhone } from '../../../shared/masks.js';
import { stripNonXmlChars } from '../../../shared/xmlText.js';
import type { DictionaryValues } from '../../platform/records/dictionaries.js';

/** One column of a table field (ArrayTable props.columns in the look schema). */
export interface Column {
  key: string;
  title: string;
  mask?: string;
}

export interface ApplicationInput {
  page: FormPageDef;
  entity: EntityDef;
  workflow: WorkflowDef | null;
  record: Record<string, unknown>;
  dicts: DictionaryValues;
  /** Admins (roles 1, 2, 3) read ID card and mobile numbers in full; everyone else masked (SPEC §5). */
  unmasked: boolean;
}

const FONT = { ascii: 'SimSun', eastAsia: '宋体', hAnsi: 'SimSun' };
const cellBorder = { style: BorderStyle.SINGLE, size: 4, color: '000000' };
const borders = { top: cellBorder, bottom: cellBorder, left: cellBorder, right: cellBorder };

function run(text: string, opts: { bold?: boolean; size?: number } = {}): TextRun {
  // Stripped on save already; again here for records stored before that (Word refuses such XML).
  return new TextRun({ text: stripNonXmlChars(text), font: FONT, size: opts.size ?? 24, bold: opts.bold });
}

function cell(text: string, opts: { bold?: boolean; width?: number; span?: number } = {}): TableCell {
  // Multi-line text keeps its line breaks (one paragraph per line).
  const lines = text.split(/\r?\n/);
  return new TableCell({
    borders,
    columnSpan: opts.span,
    width: opts.width ? { size: opts.width, type: WidthType.PERCENTAGE } : undefined,
    children: lines.map((l) => new Paragraph({ children: [run(l, { bold: opts.bold, size: 21 })] })),
  });
}

function maskOf(kind: string | undefined): ((v: string) => string) | null {
  if (kind === 'idCard') return maskIdCard;
  if (kind === 'phone' || kind === 'mobile') return maskPhone;
  return null;
}

/** A field's value as text: dictionary and status labels, masked numbers, file names (the PDF copy reads it too). */
export async function fieldText(
  input: ApplicationInput,
  name: string,
  def: FieldDef | undefined,
  placement: FormFieldDef,
): Promise<string> {
  const v = input.record[name];
  if (v === null || v === undefined || v === '') return '';
  if (input.workflow && name === input.workflow.field)
    return input.workflow.statuses.find((s) => s.code === String(v))?.label ?? String(v);
  if (def?.dict) {
    const labels = await input.dicts.labels(def.dict);
    return (Array.isArray(v) ? v : [v]).map((x) => labels.get(String(x)) ?? String(x)).join('、');
  }
  const mask = input.unmasked ? null : maskOf(def?.mask ?? (placement.props?.mask as string | undefined));
  if (mask) return mask(String(v));
  if (def?.type === 'files')
    return (v as { fileName?: string }[])
      .map((f) => f.fileName ?? '')
      .filter(Boolean)
      .join('\n');
  if (def?.type === 'boolean') return v ? '是' : '否';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** A json field laid out as a table with the look schema's columns (members, phases). */
function rowsTable(
  input: ApplicationInput,
  label: string,
  columns: Column[],
  rows: Record<string, unknown>[],
): (Paragraph | Table)[] {
  const head = new TableRow({
    tableHeader: true,
    children: [cell('序号', { bold: true, width: 6 }), ...columns.map((c) => cell(c.title, { bold: true }))],
  });
  const body = rows.map(
    (r, i) =>
      new TableRow({
        children: [
          cell(String(i + 1)),
          ...columns.map((c) => {
            const raw = r[c.key] === null || r[c.key] === undefined ? '' : String(r[c.key]);
            const mask = input.unmasked ? null : maskOf(c.mask);
            return cell(mask ? mask(raw) : raw);
          }),
        ],
      }),
  );
  const empty = rows.length ? [] : [new TableRow({ children: [cell('（无）', { span: columns.length + 1 })] })];
  return [
    new Paragraph({ spacing: { before: 120 }, children: [run(label, { bold: true })] }),
    new Table({ width: { size: 100, type: WidthType.PERCENTAGE }, rows: [head, ...body, ...empty] }),
  ];
}

async function section(input: ApplicationInput, s: SectionDef): Promise<(Paragraph | Table)[]> {
  const out: (Paragraph | Table)[] = [];
  if (s.title)
    out.push(
      new Paragraph({
        heading: HeadingLevel.HEADING_2,
        spacing: { before: 240, after: 120 },
        children: [run(s.title, { bold: true, size: 28 })],
      }),
    );
  const pairs: TableRow[] = [];
  const flush = () => {
    if (pairs.length) out.push(new Table({ width: { size: 100, type: WidthType.PERCENTAGE }, rows: pairs.splice(0) }));
  };
  for (const f of s.fields) {
    if (f.hidden) continue;
    const def = input.entity.fields[f.field];
    const label = f.label ?? def?.label ?? f.field;
    const columns = f.props?.columns as Column[] | undefined;
    if (def?.type === 'json' && Array.isArray(columns)) {
      flush();
      const rows = Array.isArray(input.record[f.field]) ? (input.record[f.field] as Record<string, unknown>[]) : [];
      out.push(...rowsTable(input, label, columns, rows));
      continue;
    }
    pairs.push(
      new TableRow({
        children: [
          cell(label, { bold: true, width: 25 }),
          cell(await fieldText(input, f.field, def, f), { width: 75 }),
        ],
      }),
    );
  }
  flush();
  return out;
}

/** The unit, city and province opinion, signature and stamp boxes on a page of their own. */
function signaturePage(): (Paragraph | Table)[] {
  const box = (title: string) =>
    new TableRow({
      children: [
        new TableCell({
          borders,
          children: [
            new Paragraph({ spacing: { before: 120 }, children: [run(title, { bold: true })] }),
            ...['', '', ''].map(() => new Paragraph({ children: [run('')] })),
            new Paragraph({ alignment: AlignmentType.RIGHT, children: [run('负责人签字：                （盖章）')] }),
            new Paragraph({
              alignment: AlignmentType.RIGHT,
              spacing: { after: 120 },
              children: [run('年      月      日')],
            }),
          ],
        }),
      ],
    });
  return [
    new Paragraph({ children: [new PageBreak()] }),
    new Paragraph({
      heading: HeadingLevel.HEADING_1,
      alignment: AlignmentType.CENTER,
      spacing: { after: 240 },
      children: [run('审核意见', { bold: true, size: 32 })],
    }),
    new Table({
      width: { size: 100, type: WidthType.PERCENTAGE },
      rows: [box('所在单位意见'), box('市级教育行政部门（教科所）意见'), box('省级教育行政部门（教科院）意见')],
    }),
  ];
}

/**
 * The application form (申报书) as a Word document laid out from the application's look schema:
 * a cover, every step's sections in order (plain fields as label / value rows, table fields as
 * tables with the schema's columns), then the signature and stamp page.
 */
export async function applicationDocx(input: ApplicationInput): Promise<Buffer> {
  const r = input.record;
  const sections = input.page.steps ? input.page.steps.flatMap((s) => s.sections) : (input.page.sections ?? []);
  const body: (Paragraph | Table)[] = [];
  for (const s of sections) body.push(...(await section(input, s)));
  const cover = [
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { before: 1200, after: 600 },
      children: [run(input.page.title, { bold: true, size: 44 })],
    }),
    ...(
      [
        ['课题名称', r.name],
        ['课题编号', r.topicNo],
        ['课题负责人', r.leader],
        ['所在单位', r.unit],
        ['申报批次', r.noticeTitle],
      ] as const
    ).map(
      ([k, v]) =>
        new Paragraph({
          alignment: AlignmentType.CENTER,
          spacing: { after: 200 },
          children: [run(`${k}：${v ?? ''}`, { size: 28 })],
        }),
    ),
    new Paragraph({ children: [new PageBreak()] }),
  ];
  const doc = new Document({
    creator: '课题管理平台',
    title: stripNonXmlChars(`${String(r.name ?? '')}${input.page.title}`),
    styles: { default: { document: { run: { font: FONT, size: 24 } } } },
    sections: [{ children: [...cover, ...body, ...signaturePage()] }],
  });
  return Packer.toBuffer(doc);
}

import { PaperClipOutlined } from '@ant-design/icons';
import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ResourceRecord, WorkflowDef } from '../../../shared/schema/types.js';
import { DictPending } from '../dictionaries/DictPending.js';
import { useDictionary } from '../dictionaries/useDictionary.js';
import { formatDate, richTextToPlain, type ColumnPlan } from '../model/columns.js';
import { areaText } from '../model/dashboard.js';
import { fillPlaceholders } from '../../../shared/schema/placeholders.js';
import type { FileRefLike } from '../data/dataProvider.js';
import { FileList } from '../widgets/FileList/FileList.js';

/** Tags, statuses and the copy action: a chunk loaded with the lists that show them (prepareCells). */
let marked: typeof import('./cellsMarked.js') | undefined;
const loadMarked = () => import('./cellsMarked.js').then((m) => (marked = m));
const LazyDictTags = lazy(() => loadMarked().then((m) => ({ default: m.DictTags })));
const LazyStatusCell = lazy(() => loadMarked().then((m) => ({ default: m.StatusCell })));
const LazyCopyCell = lazy(() => loadMarked().then((m) => ({ default: m.CopyCell })));

/** Whether a list's columns draw tags, statuses or copy actions. */
export function needsMarkedCells(plans: ColumnPlan[]): boolean {
  return plans.some((p) => p.copyable || p.kind === 'status' || p.kind === 'dictTag');
}

/**
 * Loads the marked cells a list's columns need before the list first renders (its kind's prepare),
 * so they draw in that render; undefined when none is needed or they are in.
 */
export function prepareCells(plans: ColumnPlan[]): Promise<unknown> | undefined {
  return needsMarkedCells(plans) && !marked ? loadMarked() : undefined;
}

function DictTags(props: ComponentProps<typeof LazyDictTags>) {
  if (marked) return <marked.DictTags {...props} />;
  return (
    <Suspense fallback={null}>
      <LazyDictTags {...props} />
    </Suspense>
  );
}

function StatusTag(props: ComponentProps<typeof LazyStatusCell>) {
  if (marked) return <marked.StatusCell {...props} />;
  return (
    <Suspense fallback={null}>
      <LazyStatusCell {...props} />
    </Suspense>
  );
}

function CopyButton(props: ComponentProps<typeof LazyCopyCell>) {
  if (marked) return <marked.CopyCell {...props} />;
  return (
    <Suspense fallback={null}>
      <LazyCopyCell {...props} />
    </Suspense>
  );
}

function DictCell({ type, value, tag }: { type: string; value: unknown; tag: boolean }) {
  const { options, loading } = useDictionary(type);
  const values = (Array.isArray(value) ? value : [value]).filter((v) => v !== null && v !== undefined && v !== '');
  if (!values.length) return null;
  if (loading) return <DictPending />;
  const found = values.map(
    (v) => options.find((o) => o.value === String(v)) ?? { value: String(v), text: String(v), color: undefined },
  );
  if (tag) return <DictTags found={found} />;
  return <>{found.map((o) => o.text).join('、')}</>;
}

function AreaCell({ value }: { value: unknown }) {
  const { options, loading } = useDictionary('areacode');
  if (loading && value !== null && value !== undefined && value !== '') return <DictPending />;
  return <>{areaText(value, options)}</>;
}

/** Attachments in a narrow column: a paperclip and the count; the names are the tooltip and the label. */
function FileIconCell({ value }: { value: unknown }) {
  const files = (Array.isArray(value) ? value : []) as FileRefLike[];
  if (!files.length) return null;
  const names = files.map((f) => f.fileName).join('、');
  return (
    <span className="runtime-file-icon" role="img" aria-label={`附件${files.length}个：${names}`} title={names}>
      <PaperClipOutlined aria-hidden /> {files.length}
    </span>
  );
}

function plain(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Draws one cell as its column plan says; a copyable column adds the copy action after it. */
export function renderCell(
  plan: ColumnPlan,
  value: unknown,
  row: ResourceRecord,
  workflow: WorkflowDef | null,
): ReactNode {
  const shown = drawCell(plan, value, row, workflow);
  if (!plan.copyable || value === null || value === undefined || value === '') return shown;
  return (
    <span className="runtime-copyable">
      {shown}
      <CopyButton text={plain(value)} label={plan.title} />
    </span>
  );
}

function drawCell(plan: ColumnPlan, value: unknown, row: ResourceRecord, workflow: WorkflowDef | null): ReactNode {
  switch (plan.kind) {
    case 'dict':
      return <DictCell type={plan.dict!} value={value} tag={false} />;
    case 'dictTag':
      return <DictCell type={plan.dict!} value={value} tag />;
    case 'status':
      return <StatusTag value={value} workflow={workflow} />;
    case 'date':
      return formatDate(value, false);
    case 'datetime':
      return formatDate(value, true);
    case 'boolean':
      return value === null || value === undefined ? '' : value === true || value === 1 || value === '1' ? '是' : '否';
    case 'files':
      return <FileList value={value as FileRefLike[]} />;
    case 'fileIcon':
      return <FileIconCell value={value} />;
    case 'area':
      return <AreaCell value={value} />;
    case 'richtext':
      return richTextToPlain(value);
    case 'link': {
      const text = plain(value);
      if (!plan.to) return text;
      const to = fillPlaceholders(plan.to, row);
      return plan.ellipsis ? (
        <Link to={to} title={text}>
          {text}
        </Link>
      ) : (
        <Link to={to}>{text}</Link>
      );
    }
    case 'number':
      return plain(value);
    // An ellipsis column truncates and titles its cells itself; a measuring Typography per cell
    // cost a forced layout each (300 for 100 rows).
    default:
      return plain(value);
  }
}

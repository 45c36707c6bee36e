/**
 * What a dashboard block decides, without React: which blocks a visit sees (its role, signed in or
 * not), which are counted on the server, how wide they are, a
 * deadline counted down in days, an area in words and where a row links.
 */
import type { DashboardBlockDef, DictionaryOption, PageDef } from '../../../shared/schema/types.js';
import { fillPlaceholders } from '../../../shared/schema/placeholders.js';

const DAY = 24 * 60 * 60 * 1000;
/** The province's time (UTC+8), in which stored dates are written. */
const OFFSET = 8 * 60 * 60 * 1000;

/** Whether a block shows for this visit: its sign-in condition, then its roles (none: every role). */
export function blockShown(block: DashboardBlockDef, roleCode: string | undefined): boolean {
  const signedIn = roleCode !== undefined;
  if (block.signedIn !== undefined && block.signedIn !== signedIn) return false;
  return !block.roles || (roleCode !== undefined && block.roles.includes(roleCode));
}

/** The banners a dashboard opens with (those before its first other shown block), for a first paint. */
export function leadingBanners(page: PageDef | undefined, roleCode: string | undefined): DashboardBlockDef[] {
  if (page?.kind !== 'dashboard') return [];
  const shown = page.blocks.filter((b) => blockShown(b, roleCode));
  const end = shown.findIndex((b) => b.type !== 'banner');
  return end === -1 ? shown : shown.slice(0, end);
}

/** The blocks shown to a role (undefined: a visitor), with their index in the page's blocks. */
export function visibleBlocks(
  blocks: DashboardBlockDef[],
  roleCode: string | undefined,
): { block: DashboardBlockDef; index: number }[] {
  return blocks.map((block, index) => ({ block, index })).filter(({ block }) => blockShown(block, roleCode));
}

/** Figures and lists: the blocks the server counts (workbench/data). */
export function isDataBlock(block: DashboardBlockDef): boolean {
  return block.type === 'statistic' || block.type === 'card' || block.type === 'list';
}

/** Width out of 24: its own, else half for a list or a titled page (a section), else the whole row. */
export function blockSpan(block: DashboardBlockDef): number {
  return block.span ?? (block.type === 'list' || (block.type === 'page' && block.title) ? 12 : 24);
}

/** Epoch ms of a stored 'YYYY-MM-DD[ HH:mm[:ss]]' (province time); a date alone means its end of day. */
export function storedTime(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(text);
  if (!m) return null;
  const dateOnly = m[4] === undefined;
  const ms = Date.UTC(
    +m[1],
    +m[2] - 1,
    +m[3],
    dateOnly ? 23 : +m[4],
    dateOnly ? 59 : +m[5],
    dateOnly ? 59 : +(m[6] ?? 0),
  );
  return ms - OFFSET;
}

/** A deadline counted down: 剩余N天, 今天截止 (under a day), 已截止; '' when there is none. */
export function countdown(deadline: unknown, now: number): { text: string; urgent: boolean } {
  const end = storedTime(deadline);
  if (end === null) return { text: '', urgent: false };
  const left = end - now;
  if (left < 0) return { text: '已截止', urgent: true };
  const days = Math.floor(left / DAY);
  if (days === 0) return { text: '今天截止', urgent: true };
  return { text: `剩余${days}天`, urgent: days <= 3 };
}

/** An item's region in words: 全省 for a province item (no area), else the area's name. */
export function areaText(code: unknown, areas: DictionaryOption[]): string {
  if (code === null || code === undefined || code === '') return '全省';
  return areas.find((o) => o.value === String(code))?.text ?? '';
}

/** Index of the current step of a stage 1..n (antd Steps' `current`), clamped to the steps. */
export function stepIndex(stage: unknown, steps: string[]): number {
  const n = Number(stage);
  if (!Number.isFinite(n) || n < 1) return 0;
  return Math.min(Math.floor(n), steps.length) - 1;
}

/** Where a row goes: the block's `to` filled from the row, else the path the server gave the row (a notice's link). */
export function rowLink(block: DashboardBlockDef, row: Record<string, unknown>): string | undefined {
  if (block.to) return fillPlaceholders(block.to, row);
  return typeof row._link === 'string' && row._link.startsWith('/') && !row._link.startsWith('//')
    ? row._link
    : undefined;
}

/** The text of a row: its `fields.title`, else the entity's title field the server gave. */
export function rowTitle(block: DashboardBlockDef, row: Record<string, unknown>): string {
  const v = block.fields ? row[block.fields.title] : undefined;
  const text = v ?? row._title;
  return text === null || text === undefined || text === '' ? '（无标题）' : String(text);
}

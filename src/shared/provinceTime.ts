/**
 * Dates and times as the product shows them: 'YYYY-MM-DD' and 'YYYY-MM-DD HH:mm:ss' in the
 * province's time (UTC+8, no daylight saving), so stored text sorts and compares in time order on
 * both databases and the browser shows it as is. The browser formats epoch values with the same
 * functions, so a time reads the same whatever zone the user's machine is set to.
 */
const OFFSET_MS = 8 * 60 * 60 * 1000;

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

// Every row of every list formats two of these: the fields read off one Date are a third of
// toISOString's cost with its slice and replace.
export function formatDateTime(ms: number): string {
  const d = new Date(ms + OFFSET_MS);
  const year = d.getUTCFullYear();
  if (year < 1000 || year > 9999) return d.toISOString().slice(0, 19).replace('T', ' ');
  return `${year}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}

/** The province's clock by its name, as a deadline printed outside the portal (an e-mail, an SMS) says it. */
export const PROVINCE_ZONE_NAME = '北京时间';

/** A deadline for a reader anywhere: to the minute, with the province's time zone named, e.g. 2026-12-01 17:00（北京时间）. */
export function formatDeadline(ms: number): string {
  return `${formatDateTime(ms).slice(0, 16)}（${PROVINCE_ZONE_NAME}）`;
}

export function formatDate(ms: number): string {
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 10);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/;

/** Epoch ms of a local date or date-time text (or an ISO text with zone); null when not one. */
export function parseLocal(text: string): number | null {
  let m = DATE.exec(text);
  if (m) return valid(+m[1], +m[2], +m[3], 0, 0, 0);
  m = DATETIME.exec(text);
  if (m) return valid(+m[1], +m[2], +m[3], +m[4], +m[5], +(m[6] ?? 0));
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/.test(text)) {
    const ms = Date.parse(text);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}

function valid(y: number, mo: number, d: number, h: number, mi: number, s: number): number | null {
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(ms);
  if (
    back.getUTCFullYear() !== y ||
    back.getUTCMonth() !== mo - 1 ||
    back.getUTCDate() !== d ||
    h > 23 ||
    mi > 59 ||
    s > 59
  )
    return null;
  return ms - OFFSET_MS;
}

export function isDateOnly(text: string): boolean {
  return DATE.test(text);
}

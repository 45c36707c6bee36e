import crypto from 'node:crypto';
import type { AppContext } from '../../platform/AppContext.js';
import { signingKey } from '../../platform/files/signing.js';

/**
 * Certificate numbers need no table: JTZS, the year, the topic id (8 digits) and 8 letters of an
 * HMAC over both with the server's signing key. A number verifies only when the MAC matches, so a
 * made-up or altered number is refused without revealing whether its topic id exists.
 */
const PATTERN = /^JTZS(\d{4})(\d{8})([0-9A-F]{8})$/;

async function mac(ctx: AppContext, year: string, id: number): Promise<string> {
  return crypto
    .createHmac('sha256', await signingKey(ctx))
    .update(`certificate:${year}:${id}`)
    .digest('hex')
    .slice(0, 8)
    .toUpperCase();
}

/** The year a number carries: the topic's year, 0000 when it has none. */
export function certificateYear(year: unknown): string {
  return typeof year === 'string' && /^\d{4}$/.test(year) ? year : '0000';
}

export async function certificateNo(ctx: AppContext, year: unknown, id: number): Promise<string> {
  const y = certificateYear(year);
  return `JTZS${y}${String(id).padStart(8, '0')}${await mac(ctx, y, id)}`;
}

/** The topic id a genuine number names, else null. */
export async function parseCertificateNo(ctx: AppContext, no: string): Promise<{ id: number; year: string } | null> {
  const m = PATTERN.exec(no.trim().toUpperCase());
  if (!m) return null;
  const id = Number(m[2]);
  if (!id) return null;
  const expected = Buffer.from(await mac(ctx, m[1], id));
  const given = Buffer.from(m[3]);
  return crypto.timingSafeEqual(expected, given) ? { id, year: m[1] } : null;
}

/** The portal's local time (UTC+8) `hours` from now, as its forms write it: 2026-11-28 09:00:00. */
export function localTime(hours: number): string {
  return new Date(Date.now() + hours * 3600_000 + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

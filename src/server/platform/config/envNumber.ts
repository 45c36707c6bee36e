/**
 * A numeric setting from the environment: unset or empty gives the default; anything else must be
 * a number in its range (a whole one unless `fraction`), or the start stops with a message naming
 * the variable and its range. A value out of range was never silently replaced by the default:
 * REMINDER_DAYS=400 used to become 3 and no reminder went out.
 */
export function envNumber(
  env: NodeJS.ProcessEnv,
  name: string,
  range: { min: number; max: number; fallback: number; fraction?: boolean; above?: boolean },
): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return range.fallback;
  const n = Number(raw);
  const low = range.above ? n > range.min : n >= range.min;
  if (Number.isFinite(n) && (range.fraction || Number.isInteger(n)) && low && n <= range.max) return n;
  const kind = range.fraction ? 'a number' : 'a whole number';
  const from = range.above ? `above ${range.min}` : `from ${range.min}`;
  throw new Error(`${name} must be ${kind} ${from} to ${range.max}, not ${raw}`);
}

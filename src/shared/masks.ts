/** ID number mask keeps the first 4 and last 4 characters (SPEC §5); shorter than 8 is left as is. */
export function maskIdCard(value: string | null | undefined): string {
  if (!value) return '';
  if (value.length < 8) return value;
  return `${value.slice(0, 4)}${'*'.repeat(value.length - 8)}${value.slice(-4)}`;
}

/** Phone mask keeps the first 2 and last 4 characters (SPEC §5); shorter than 6 is left as is. */
export function maskPhone(value: string | null | undefined): string {
  if (!value) return '';
  if (value.length < 6) return value;
  return `${value.slice(0, 2)}${'*'.repeat(value.length - 6)}${value.slice(-4)}`;
}

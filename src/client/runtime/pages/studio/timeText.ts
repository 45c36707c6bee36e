const pad = (n: number) => String(n).padStart(2, '0');

/** A time as the studio lists it: YYYY-MM-DD HH:mm:ss in the browser's time. */
export function timeText(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * A one-line value (a name, a title, a batch name): line breaks and tabs become one space, other
 * control characters go. A CR/LF kept in a one-line field breaks the lists, exports and e-mail
 * subjects it is written into (a header line injected into a mail, a row split in a CSV).
 */
const BREAKS = /[\r\n\t\u000B\u000C\u0085\u2028\u2029]+/g;
const CONTROLS = /[\u0000-\u0008\u000E-\u001F\u007F-\u0084\u0086-\u009F]/g;

export function toOneLine(text: string): string {
  return text.replace(CONTROLS, '').replace(BREAKS, ' ');
}

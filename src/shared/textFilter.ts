/**
 * Punctuation the text input filter keeps (SPEC §5: "a small set of punctuation"), Chinese and
 * ASCII forms of the marks people type in names, titles and short descriptions.
 */
export const ALLOWED_PUNCTUATION = '，。、；：？！“”‘’（）《》【】—…·,.;:?!\'"()[]-_/@#%&+=*';

const ALLOWED = new RegExp(`[\\p{Script=Han}A-Za-z0-9\\s${ALLOWED_PUNCTUATION.replace(/[\\\][\-^/]/g, '\\$&')}]`, 'u');

/**
 * Text input filter of SPEC §5: keeps Chinese characters, digits, letters, whitespace and the
 * small punctuation set above; anything else (emoji, symbols, control characters) is dropped.
 * Works per code point so an emoji made of several code units disappears whole.
 */
export function filterText(value: string | null | undefined): string {
  if (!value) return '';
  let out = '';
  for (const ch of value) if (ALLOWED.test(ch)) out += ch;
  return out;
}

/** Whether the filter would keep `value` whole (what the server checks of a filtered field). */
export function passesTextFilter(value: string): boolean {
  return filterText(value) === value;
}

/** The server's message for a filtered field that holds more than the filter keeps. */
export function textFilterMessage(label: string): string {
  return `${label}不能包含表情或特殊字符`;
}

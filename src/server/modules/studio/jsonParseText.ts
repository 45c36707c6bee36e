import { escapePointer } from '../../platform/schemas/metaValidation.js';

/** What the parser expected, by the start of its message (V8's JSON.parse wording). */
const EXPECTED: [RegExp, string][] = [
  [/^Expected double-quoted property name/, '此处应为双引号括起的属性名（是否多了一个逗号？）'],
  [/^Expected property name or '\}'/, "此处应为双引号括起的属性名或 '}'"],
  [/^Expected ':' after property name/, "属性名后应为冒号 ':'"],
  [/^Expected ',' or '\}' after property value/, "属性值后应为逗号 ',' 或 '}'"],
  [/^Expected ',' or '\]' after array element/, "数组元素后应为逗号 ',' 或 ']'"],
  [/^Unexpected non-whitespace character after JSON/, 'JSON 已结束，后面还有多余的内容'],
  [/^Unterminated string/, '字符串缺少结束的双引号'],
  [/^Bad escaped character/, '字符串中有不合法的转义（\\ 后的字符）'],
  [/^Bad control character in string literal/, '字符串中有未转义的控制字符（如换行、制表符）'],
  [/^(No number after minus sign|Exponent part is missing a number|Unterminated fractional number)/, '数字格式不正确'],
  [/^Unexpected end of JSON input/, '内容意外结束：缺少结束的括号或引号'],
  [/^Unexpected token/, '此处出现了不应有的字符（应为值：文本、数字、true、false、null、对象或数组）'],
];

/** The JSON pointer of the value being read at `pos` (as far as the text up to there says). */
function pointerAt(text: string, pos: number): string {
  const stack: { array: boolean; key: string; index: number }[] = [];
  let inString = false;
  let str = '';
  let lastString = '';
  for (let i = 0; i < pos && i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') {
        str += text[i + 1] ?? '';
        i++;
      } else if (c === '"') {
        inString = false;
        lastString = str;
      } else str += c;
      continue;
    }
    const top = stack[stack.length - 1];
    if (c === '"') {
      inString = true;
      str = '';
    } else if (c === '{') stack.push({ array: false, key: '', index: 0 });
    else if (c === '[') stack.push({ array: true, key: '', index: 0 });
    else if (c === '}' || c === ']') stack.pop();
    else if (c === ':' && top && !top.array) top.key = lastString;
    else if (c === ',' && top) {
      if (top.array) top.index++;
      else top.key = '';
    }
  }
  return stack.map((s) => (s.array ? `/${s.index}` : s.key ? `/${escapePointer(s.key)}` : '')).join('');
}

/** Line and column (from 1) of a character position. */
function lineColumn(text: string, pos: number): { line: number; column: number } {
  const before = text.slice(0, pos);
  const line = before.split('\n').length;
  return { line, column: pos - before.lastIndexOf('\n') };
}

/**
 * A JSON syntax error in the analyst's words: where (line, column, the JSON pointer of the value
 * being read) and what was expected there.
 */
export function jsonParseProblem(text: string, error: Error): { path: string; message: string } {
  const m = /at position (\d+)/.exec(error.message);
  const pos = m ? Number(m[1]) : text.length;
  const { line, column } = lineColumn(text, pos);
  const expected = EXPECTED.find(([re]) => re.test(error.message))?.[1] ?? '不是合法的 JSON';
  const path = pointerAt(text, pos);
  return { path, message: `不是合法的 JSON：第 ${line} 行第 ${column} 列${path ? `（${path}）` : ''}，${expected}` };
}

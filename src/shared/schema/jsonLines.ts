/**
 * The line (1-based) of each value of a JSON text, by JSON pointer: where the editor shows a
 * problem the checker reports by pointer. A text that does not parse answers what it read so far.
 */
export function jsonLines(text: string): Map<string, number> {
  const out = new Map<string, number>();
  let i = 0;
  let line = 1;
  const esc = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');
  const skip = () => {
    while (i < text.length && /\s/.test(text[i])) {
      if (text[i] === '\n') line++;
      i++;
    }
  };
  const str = (): string => {
    let s = '';
    i++; // opening quote
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\') {
        s += text[i + 1] === 'n' ? '\n' : text[i + 1];
        i += 2;
        continue;
      }
      if (text[i] === '\n') line++;
      s += text[i++];
    }
    i++;
    return s;
  };
  const value = (pointer: string, keyLine?: number): void => {
    skip();
    if (!out.has(pointer)) out.set(pointer, keyLine ?? line);
    const c = text[i];
    if (c === '{') {
      i++;
      for (;;) {
        skip();
        if (text[i] === '}') {
          i++;
          return;
        }
        if (text[i] !== '"') throw new Error('key');
        const at = line;
        const key = str();
        skip();
        if (text[i] !== ':') throw new Error(':');
        i++;
        value(`${pointer}/${esc(key)}`, at);
        skip();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return;
        }
        throw new Error(',');
      }
    }
    if (c === '[') {
      i++;
      for (let n = 0; ; n++) {
        skip();
        if (text[i] === ']') {
          i++;
          return;
        }
        value(`${pointer}/${n}`);
        skip();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return;
        }
        throw new Error(',');
      }
    }
    if (c === '"') {
      str();
      return;
    }
    const m = /^(true|false|null|-?\d+(\.\d+)?([eE][+-]?\d+)?)/.exec(text.slice(i, i + 40));
    if (!m) throw new Error('value');
    i += m[0].length;
  };
  try {
    value('');
  } catch {
    /* keep what was read */
  }
  return out;
}

/** The line of a pointer, or of its nearest parent the text has (a missing key is reported at its object). */
export function lineOf(lines: Map<string, number>, pointer: string): number {
  let p = pointer;
  for (;;) {
    const hit = lines.get(p);
    if (hit !== undefined) return hit;
    if (!p) return 1;
    p = p.slice(0, p.lastIndexOf('/'));
  }
}

/** Messages of the copy action (SPEC §5). */
export const COPY_MESSAGES = { empty: '无复制内容', done: '复制成功' } as const;

/** Which message a copy of `text` shows: nothing to copy, or copied. */
export function copyMessage(text: string | null | undefined): string {
  return text == null || String(text).trim() === '' ? COPY_MESSAGES.empty : COPY_MESSAGES.done;
}

export interface ClipboardLike {
  writeText(text: string): Promise<void>;
}

/**
 * Copies `text` and answers whether it was copied and the message to show. Empty text is not
 * written. A clipboard that refuses (no permission, insecure page) falls back to a hidden
 * textarea and `execCommand('copy')` when a document is at hand.
 */
export async function copyText(
  text: string | null | undefined,
  clipboard: ClipboardLike | undefined = globalThis.navigator?.clipboard,
  doc: Document | undefined = globalThis.document,
): Promise<{ ok: boolean; message: string }> {
  const message = copyMessage(text);
  if (message === COPY_MESSAGES.empty) return { ok: false, message };
  const value = String(text);
  try {
    if (!clipboard) throw new Error('no clipboard');
    await clipboard.writeText(value);
    return { ok: true, message };
  } catch {
    if (doc && fallbackCopy(value, doc)) return { ok: true, message };
    return { ok: false, message: '复制失败' };
  }
}

function fallbackCopy(value: string, doc: Document): boolean {
  const area = doc.createElement('textarea');
  area.value = value;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  doc.body.appendChild(area);
  area.select();
  try {
    return typeof doc.execCommand === 'function' && doc.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

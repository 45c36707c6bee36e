// @vitest-environment jsdom
import { afterAll, describe, expect, it, vi } from 'vitest';
import { COPY_MESSAGES, copyMessage, copyText } from './copy.js';

describe('copyMessage', () => {
  it('says there is nothing to copy for empty text', () => {
    expect(copyMessage('')).toBe('无复制内容');
    expect(copyMessage('   ')).toBe('无复制内容');
    expect(copyMessage(null)).toBe('无复制内容');
    expect(copyMessage(undefined)).toBe('无复制内容');
  });
  it('says copied otherwise', () => {
    expect(copyMessage('KT-2024-001')).toBe('复制成功');
  });
});

describe('copyText', () => {
  afterAll(() => {
    delete (document as { execCommand?: unknown }).execCommand;
  });
  it('writes the text to the clipboard and reports success', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    expect(await copyText('abc', { writeText })).toEqual({ ok: true, message: COPY_MESSAGES.done });
    expect(writeText).toHaveBeenCalledWith('abc');
  });
  it('writes nothing for empty text', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    expect(await copyText('', { writeText })).toEqual({ ok: false, message: COPY_MESSAGES.empty });
    expect(writeText).not.toHaveBeenCalled();
  });
  it('falls back to execCommand when the clipboard refuses', async () => {
    const writeText = vi.fn().mockRejectedValue(new Error('denied'));
    const exec = vi.fn().mockReturnValue(true);
    (document as any).execCommand = exec;
    expect(await copyText('xyz', { writeText }, document)).toEqual({ ok: true, message: COPY_MESSAGES.done });
    expect(exec).toHaveBeenCalledWith('copy');
    expect(document.querySelector('textarea')).toBeNull();
  });
  it('reports failure when neither way copies', async () => {
    (document as any).execCommand = () => false;
    expect(await copyText('xyz', undefined, document)).toEqual({ ok: false, message: '复制失败' });
  });
});

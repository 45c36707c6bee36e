import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readZip } from './stripOffice.js';
import { zipBuffer, zipStream } from './zip.js';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
}

describe('zip', () => {
  it('writes the parts in their order: bytes, folders and streams opened when the zip reaches them', async () => {
    const opened: string[] = [];
    const mtime = new Date(2026, 0, 2, 3, 4, 6);
    const bytes = await zipBuffer([
      { name: 'mimetype', data: Buffer.from('application/test'), compress: false },
      { name: '文件夹/', mtime },
      { name: '文件夹/说明.txt', data: Buffer.from('课题材料'.repeat(100)), mtime },
      {
        name: '文件夹/附件.pdf',
        data: { size: 3, open: async () => (opened.push('附件'), Readable.from([Buffer.from('pdf')])) },
      },
    ]);
    const entries = await readZip(bytes);
    expect(entries.map((e) => e.name)).toEqual(['mimetype', '文件夹/', '文件夹/说明.txt', '文件夹/附件.pdf']);
    expect(entries[2].data.toString()).toBe('课题材料'.repeat(100));
    expect(entries[2].mtime.getTime()).toBe(mtime.getTime());
    expect(entries[3].data.toString()).toBe('pdf');
    expect(opened).toEqual(['附件']);
    // A stored part is its bytes as they are, where a reader looks for them first (ODF's mimetype).
    expect(bytes.subarray(30 + 'mimetype'.length, 30 + 'mimetype'.length + 16).toString()).toBe('application/test');
  });

  it('knows its length before writing when every part is stored and sized, else says -1', async () => {
    const stored = zipStream([
      { name: 'a.pdf', data: Buffer.from('aaa'), compress: false },
      { name: 'b.pdf', data: { size: 2, open: async () => Readable.from([Buffer.from('bb')]) }, compress: false },
    ]);
    expect(stored.size).toBeGreaterThan(0);
    expect((await bytesOf(stored.stream)).length).toBe(stored.size);
    const deflated = zipStream([{ name: 'a.txt', data: Buffer.from('aaa') }]);
    expect(deflated.size).toBe(-1);
    await bytesOf(deflated.stream);
  });

  it('ends its stream with the error of a part that cannot be read, instead of throwing where nobody listens', async () => {
    const { stream } = zipStream([
      { name: 'gone.pdf', data: { size: 3, open: () => Promise.reject(new Error('storage down')) }, compress: false },
    ]);
    await expect(bytesOf(stream)).rejects.toThrow('storage down');
  });
});

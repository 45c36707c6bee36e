import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { fileTestClient, md5Of, pdfOf, pngOf } from '../testing/fileTestClient.js';
import { fileService } from '../storage/fileService.js';
import { blobKey } from '../storage/FileStorage.js';
import { verifyStoredFiles, type FileProblem } from './verifyFiles.js';

describe('verifyStoredFiles (npm run files:verify)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const all = async (checksums: boolean) => {
    const out: FileProblem[] = [];
    for await (const p of verifyStoredFiles(t.ctx.database.db, fileService(t.ctx).storage, { checksums })) out.push(p);
    return out;
  };

  it('lists every content whose bytes are absent or differ from their md5, with the records that show it', async () => {
    const province = await t.loginAs('province');
    const client = fileTestClient(t, province);
    const whole = await client.send(pdfOf(7000), '完整.pdf');
    const lostBytes = pngOf(5000);
    const lost = await client.send(lostBytes, '丢失.png');
    const lostCopy = await client.send(lostBytes, '丢失副本.png');
    const changedBytes = pdfOf(8000);
    const changed = await client.send(changedBytes, '被改动.pdf');
    expect([whole.step, lost.step, lostCopy.step, changed.step]).toEqual(['done', 'done', 'done', 'done']);
    expect(await all(true)).toEqual([]);

    const { config, storage } = fileService(t.ctx);
    await storage.remove(blobKey(md5Of(lostBytes)));
    const changedFile = path.join(config.localDir!, blobKey(md5Of(changedBytes)));
    await fs.writeFile(changedFile, Buffer.concat([changedBytes.subarray(0, 100), Buffer.from('x')]));

    const found = await all(true);
    const byMd5 = new Map(found.map((p) => [p.md5, p]));
    expect(found).toHaveLength(2);
    expect(byMd5.get(md5Of(lostBytes))).toMatchObject({ problem: 'absent' });
    expect(byMd5.get(md5Of(lostBytes))!.files.map((f) => f.id)).toEqual([lost.file!.id, lostCopy.file!.id]);
    expect(byMd5.get(md5Of(changedBytes))).toMatchObject({
      problem: 'differs',
      actualMd5: md5Of(await fs.readFile(changedFile)),
      files: [expect.objectContaining({ id: changed.file!.id, name: '被改动.pdf' })],
    });
    // --quick asks only whether each object is there.
    expect((await all(false)).map((p) => p.md5)).toEqual([md5Of(lostBytes)]);
  });
});

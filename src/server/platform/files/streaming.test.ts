import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { fileTestClient } from '../testing/fileTestClient.js';

const MB = 1024 * 1024;

/** `size` bytes of a pdf-looking stream made from one 1 MiB block with a counter, so nothing big is ever held. */
function generated(size: number): { stream: () => Readable; md5: string } {
  const block = crypto.randomBytes(MB);
  const head = Buffer.from('%PDF-1.7\n');
  const piece = (i: number) => {
    const b = Buffer.from(block);
    b.writeUInt32LE(i, 64);
    if (i === 0) head.copy(b);
    return b.subarray(0, Math.min(MB, size - i * MB));
  };
  const hash = crypto.createHash('md5');
  for (let i = 0; i * MB < size; i++) hash.update(piece(i));
  return {
    md5: hash.digest('hex'),
    stream: () =>
      Readable.from(
        (function* () {
          for (let i = 0; i * MB < size; i++) yield piece(i);
        })(),
      ),
  };
}

function sampleRss(): { stop: () => number } {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage().rss);
    },
  };
}

describe('chunks stream through the server', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    // An unlimited field for this test only (the schemas on disk have none).
    t.ctx.schemas.entities.get('announcement')!.fields.bigFiles = {
      type: 'files',
      label: '大文件',
      accept: 'generalArchive',
      maxSize: -1,
    };
    headers = await t.loginAs('province');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t?.close());

  function put(url: string, body: Readable, length: number): Promise<any> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: url,
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/octet-stream', 'content-length': String(length) },
        },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (p) => parts.push(p));
          res.on('end', () => resolve(JSON.parse(Buffer.concat(parts).toString())));
        },
      );
      req.on('error', reject);
      body.pipe(req);
    });
  }

  it('takes 2 x 160 MiB chunks of a file announced with 1 GiB-class chunks without memory growing with them', async () => {
    const chunkSize = 160 * MB;
    const size = 2 * chunkSize;
    const file = generated(size);
    const client = fileTestClient(t, headers);
    const tokens = await client.storageTokens({
      fileExt: 'pdf',
      chunks: 2,
      md5: file.md5,
      fileSize: size,
      belongType: 'announcement.bigFiles',
    });
    const { contextId } = (await client.prepare(tokens.data.prepareToken, chunkSize, file.md5)).data;
    const ct = (await client.chunkTokens({ fileExt: 'pdf', chunks: 2, md5: file.md5, contextId })).data;

    global.gc?.();
    const before = process.memoryUsage().rss;
    const sampler = sampleRss();
    // Both chunks are slices of the same generated stream.
    const all = file.stream();
    const slice = async function* (from: number, to: number) {
      let at = 0;
      for await (const p of all) {
        const b = p as Buffer;
        const start = Math.max(from - at, 0);
        const end = Math.min(to - at, b.length);
        if (start < end) yield b.subarray(start, end);
        at += b.length;
        if (at >= to) return;
      }
    };
    const first = await put(
      `/fileserver/v2/upload?contextId=${contextId}&index=0&token=${encodeURIComponent(ct.chunkToken)}`,
      Readable.from(slice(0, chunkSize)),
      chunkSize,
    );
    expect(first.flag).toBe(true);
    const rest = file.stream();
    const second = await put(
      `/fileserver/v2/upload?contextId=${contextId}&index=1&token=${encodeURIComponent(ct.chunkToken)}`,
      Readable.from(
        (async function* () {
          let at = 0;
          for await (const p of rest) {
            const b = p as Buffer;
            if (at >= chunkSize) yield b;
            at += b.length;
          }
        })(),
      ),
      chunkSize,
    );
    expect(second.flag).toBe(true);
    const done = await client.complete(ct.completeToken, contextId);
    const peak = sampler.stop();
    expect(done).toMatchObject({ flag: true, data: { md5: file.md5, fileSize: size } });
    // 320 MiB went through twice (received, then assembled with its md5 checked); memory must not follow it.
    expect(peak - before).toBeLessThan(96 * MB);
  }, 120_000);
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/testApp.js';
import { fileTestClient, md5Of } from '../testing/fileTestClient.js';
import { fileService } from '../files/fileService.js';
import { conversionReadiness } from '../conversion/converters.js';
import { conversionConfigFromEnv } from '../conversion/conversionConfig.js';
import { overrideSandboxFeatures } from '../conversion/sandbox.js';
import { CONVERSION_MESSAGES } from '../../../shared/fileTypes.js';
import { gracefulClose } from '../http/gracefulClose.js';

function get(port: number, path: string): Promise<{ status: number; body: any; connection?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
        let text = '';
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), connection: res.headers.connection }),
        );
      })
      .on('error', reject);
  });
}

describe('health and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('/healthz answers while the process runs, without a login', async () => {
    const res = await t.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('/readyz answers 200 when the database and file storage answer, 503 when storage does not', async () => {
    const ok = await t.inject({ method: 'GET', url: '/readyz' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      status: 'ok',
      database: true,
      storage: true,
      conversion: conversionReadiness(t.ctx),
      missingFiles: 0,
    });
    const storage = fileService(t.ctx).storage;
    const ping = storage.ping;
    storage.ping = async () => {
      throw new Error('bucket gone');
    };
    try {
      const down = await t.inject({ method: 'GET', url: '/readyz' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({
        status: 'unavailable',
        database: true,
        storage: false,
        conversion: conversionReadiness(t.ctx),
        missingFiles: 0,
      });
    } finally {
      storage.ping = ping;
    }
  });

  it('/readyz reports conversion on with LibreOffice and ffmpeg installed, off when switched off, and stays ready', async () => {
    expect(conversionReadiness(t.ctx)).toBe('on');
    const off = await createTestApp({ conversion: conversionConfigFromEnv({ CONVERSION: 'off' }) });
    try {
      const res = await off.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ok', conversion: 'off' });
    } finally {
      await off.close();
    }
  });

  it('/readyz says no-sandbox where production cannot confine the converters, and the preview says conversion is unavailable', async () => {
    overrideSandboxFeatures({ bwrap: false });
    const prod = await createTestApp({ conversion: conversionConfigFromEnv({ NODE_ENV: 'production' }) });
    try {
      const res = await prod.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ok', conversion: 'no-sandbox' });
      const headers = await prod.loginAs('province');
      const sent = await fileTestClient(prod, headers).send(Buffer.from('课题研究计划\n'), '计划.txt');
      const preview = await prod.post(`/api/file/preview/${sent.file!.id}`, {}, headers);
      expect(preview.body.data.conversion).toEqual({ state: 'unavailable', message: CONVERSION_MESSAGES.unavailable });
    } finally {
      overrideSandboxFeatures(null);
      await prod.close();
    }
  });

  it('/readyz answers 503 when the database does not answer', async () => {
    const other = await createTestApp();
    try {
      await other.ctx.database.db.destroy();
      const res = await other.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ database: false, storage: true });
    } finally {
      await other.close().catch(() => undefined);
    }
  });
});

describe('graceful shutdown', () => {
  it('turns readiness false first, keeps serving while draining, and lets a chunk in flight finish', async () => {
    const t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const headers = await t.loginAs('province');
    const client = fileTestClient(t, headers);
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(256 * 1024, 7)]);
    const md5 = md5Of(bytes);
    const tokens = await client.storageTokens({
      fileExt: 'pdf',
      chunks: 1,
      md5,
      fileSize: bytes.length,
      belongType: 'announcement.attachments',
    });
    const prepared = await client.prepare(tokens.data.prepareToken, bytes.length, md5);
    const { contextId } = prepared.data;
    const chunk = await client.chunkTokens({ fileExt: 'pdf', chunks: 1, md5, contextId });

    // The chunk's first half is sent before the shutdown begins, the rest while it drains.
    const query = new URLSearchParams({ contextId, index: '0', token: chunk.data.chunkToken, chunkMd5: md5 });
    const answer = new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `/fileserver/v2/upload?${query}`,
          agent: false,
          headers: { ...headers, 'content-type': 'application/octet-stream', 'content-length': bytes.length },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => {
            text += d;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
        },
      );
      req.on('error', reject);
      req.write(bytes.subarray(0, 1000));
      setTimeout(() => req.end(bytes.subarray(1000)), 600);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));

    const closing = gracefulClose(t.app, 400, 10_000);
    const ready = await get(port, '/readyz');
    expect(ready.status).toBe(503);
    const alive = await get(port, '/healthz');
    expect(alive.status).toBe(200);
    expect(alive.connection).toBe('close');

    const uploaded = await answer;
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.flag).toBe(true);
    expect(await closing).toBe(true);
    await expect(get(port, '/healthz')).rejects.toThrow();
    await t.close().catch(() => undefined);
  }, 30_000);
});

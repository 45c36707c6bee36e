import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { fileTestClient, md5Of } from '../testing/fileTestClient.js';
import { fileService } from '../storage/fileService.js';
import { conversionReadiness } from '../conversion/converters.js';
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
      release: null,
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
        release: null,
      });
    } finally {
      storage.ping = ping;
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

  it('serves a request that reaches a connection opened before the listener closed, as a proxy sends one', async () => {
    const t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // nginx opened this connection while the instance drained; its request arrives after the drain.
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const closing = gracefulClose(t.app, 1000, 10_000);
    await waitFor(async () => !(await connects(port)));
    let answer = '';
    socket.on('data', (d) => (answer += d));
    const ended = new Promise((resolve) => socket.once('close', resolve));
    socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await ended;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(await closing).toBe(true);
    await t.close().catch(() => undefined);
  }, 30_000);
});

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(port, '127.0.0.1');
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

async function waitFor(ok: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200 && !(await ok()); i++) await new Promise((resolve) => setTimeout(resolve, 25));
}

import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { pickEncoding } from './compressAnswers.js';
import { fileTestClient } from '../testing/fileTestClient.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('answer compression', () => {
  it('sends a large JSON answer as br or gzip, as the browser accepts, decoding to the plain answer', async () => {
    const plain = await t.inject({ method: 'POST', url: '/api/schema/routes', payload: {} });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/schema/routes',
        payload: {},
        headers: { 'accept-encoding': accept },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(decode(res.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('leaves small answers as they are', async () => {
    const res = await t.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body)).toEqual({ status: 'ok' });
  });

  it('never encodes a download or a range of one', async () => {
    const auth = await t.loginAs('province');
    const bytes = Buffer.from(JSON.stringify({ a: '课题'.repeat(4000) }));
    const sent = await fileTestClient(t, auth).send(bytes, '数据.txt');
    const id = sent.file!.id;
    const whole = await t.inject({
      method: 'GET',
      url: `/api/file/download?id=${id}`,
      headers: { ...auth, 'accept-encoding': 'br' },
    });
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const part = await t.inject({
      method: 'GET',
      url: `/api/file/download?id=${id}`,
      headers: { ...auth, 'accept-encoding': 'br', range: 'bytes=2-9' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.rawPayload.equals(bytes.subarray(2, 10))).toBe(true);
  });

  it('picks br before gzip and honours q=0', () => {
    expect(pickEncoding('gzip, br')).toBe('br');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('')).toBeNull();
  });
});

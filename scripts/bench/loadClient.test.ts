import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerReader, load } from './loadClient.js';

let server: http.Server;
let port: number;
let seen = 0;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => {
      body += d;
    });
    req.on('end', () => {
      seen++;
      const { kind } = JSON.parse(body) as { kind: string };
      if (kind === 'chunked') {
        res.write('{"a":');
        res.end('"课题"}');
        return;
      }
      if (kind === 'refuse') {
        res.statusCode = 403;
        res.end('{}');
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ list: Array.from({ length: 200 }, (_, i) => ({ id: i, name: '教育科研课题' })) }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((r) => server.close(r)));

describe('load generator', () => {
  it('reads answers split anywhere, with a length or chunked', () => {
    const got: number[] = [];
    const reader = new AnswerReader((s) => got.push(s));
    const a = 'HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\nhello';
    const b = 'HTTP/1.1 404 Not Found\r\ntransfer-encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n';
    const bytes = Buffer.from(a + b + a);
    for (let i = 0; i < bytes.length; i += 3) reader.feed(bytes.subarray(i, i + 3));
    expect(got).toEqual([200, 404, 200]);
  });

  it('counts every answer of a closed loop, and refusals as errors', async () => {
    seen = 0;
    const ok = await load(
      'ok',
      port,
      '/x',
      { kind: 'big' },
      {},
      { concurrency: 4, seconds: 5, maxRequests: 300, warmRounds: 1 },
    );
    expect(ok.reqs).toBe(300);
    expect(ok.errors).toBe(0);
    expect(seen).toBe(300 + 4);
    expect(ok.p50).toBeGreaterThan(0);
    expect(ok.p99).toBeGreaterThanOrEqual(ok.p50);
    const chunked = await load(
      'chunked',
      port,
      '/x',
      { kind: 'chunked' },
      {},
      { concurrency: 2, seconds: 5, maxRequests: 50, warmRounds: 1 },
    );
    expect([chunked.reqs, chunked.errors]).toEqual([50, 0]);
    const refused = await load(
      'refused',
      port,
      '/x',
      { kind: 'refuse' },
      {},
      { concurrency: 2, seconds: 5, maxRequests: 20, warmRounds: 1 },
    );
    expect([refused.reqs, refused.errors]).toEqual([0, 20]);
  });

  it('warms up for as long as asked before the measured window, then counts only that window', async () => {
    seen = 0;
    const started = performance.now();
    const warmed = await load(
      'warmed',
      port,
      '/x',
      { kind: 'big' },
      {},
      { concurrency: 2, seconds: 5, maxRequests: 10, warmRounds: 1, warmSeconds: 0.5 },
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(500);
    expect(warmed.reqs).toBe(10);
    expect(seen).toBeGreaterThan(10 + 2 * 5);
  });
});

/**
 * The list bench's load generator: `c` keep-alive connections on raw sockets, each sending the
 * next request as soon as the whole answer of the last one is in (a closed loop), for a bounded
 * time and count. The request is built once; an answer is read as far as its status line, its
 * length (Content-Length or chunked) and its end. It runs on the same two cores as the server it
 * measures, so it must cost little: node's http client spent about as much CPU per request as a
 * PostgreSQL backend serving the call.
 */
import net from 'node:net';

export interface LoadResult {
  label: string;
  reqs: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface LoadOptions {
  concurrency?: number;
  seconds?: number;
  maxRequests?: number;
  /** Warm-up: at least this many requests per connection (default 4)... */
  warmRounds?: number;
  /** ...and for at least this long (default 0), before the measured window starts. */
  warmSeconds?: number;
}

/** The answer being read: its status, and the body bytes still to come (chunked: of the current chunk; -1 before its size line). */
interface Pending {
  status: number;
  left: number;
  chunked: boolean;
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/** Reads answers off one connection: `feed` bytes in, `onAnswer(status)` for each complete one. */
export class AnswerReader {
  private buffer: Buffer = Buffer.alloc(0);
  private pending: Pending | null = null;

  constructor(private readonly onAnswer: (status: number) => void) {}

  feed(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    while (this.step()) {
      /* one answer, or one chunk, per step */
    }
  }

  /** Takes what it can from the buffer; false when it needs more bytes. */
  private step(): boolean {
    if (!this.pending) {
      const end = this.buffer.indexOf(HEADER_END);
      if (end < 0) return false;
      const head = this.buffer.subarray(0, end).toString('latin1');
      this.buffer = this.buffer.subarray(end + 4);
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
      const chunked = !length && /\r\ntransfer-encoding:\s*chunked/i.test(head);
      this.pending = { status: Number(head.slice(9, 12)), left: chunked ? -1 : Number(length?.[1] ?? 0), chunked };
    }
    const p = this.pending;
    if (p.chunked && p.left < 0) {
      // A size line; size 0 is the last chunk, then an empty line (servers here send no trailers).
      const eol = this.buffer.indexOf(CRLF);
      if (eol < 0) return false;
      const size = parseInt(this.buffer.subarray(0, eol).toString('latin1'), 16);
      if (size === 0) {
        if (this.buffer.length < eol + 4) return false;
        this.buffer = this.buffer.subarray(eol + 4);
        return this.done(p.status);
      }
      this.buffer = this.buffer.subarray(eol + 2);
      p.left = size + 2;
    }
    if (this.buffer.length < p.left) return false;
    this.buffer = this.buffer.subarray(p.left);
    if (p.chunked) {
      p.left = -1;
      return true;
    }
    return this.done(p.status);
  }

  private done(status: number): true {
    this.pending = null;
    this.onAnswer(status);
    return true;
  }
}

/** The request, as bytes sent unchanged on every call. */
function requestBytes(port: number, urlPath: string, body: unknown, headers: Record<string, string>): Buffer {
  const payload = Buffer.from(JSON.stringify(body));
  const lines = [
    `POST ${urlPath} HTTP/1.1`,
    `host: 127.0.0.1:${port}`,
    'connection: keep-alive',
    'content-type: application/json',
    `content-length: ${payload.length}`,
  ];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), payload]);
}

/** One connection in a closed loop: `next()` says whether to send again; resolves when it stops. */
function runConnection(
  port: number,
  request: Buffer,
  next: () => boolean,
  record: (ms: number, ok: boolean) => void,
): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', noDelay: true });
    /** When the request waiting for its answer was sent; 0 when none waits. */
    let sentAt = 0;
    const send = () => {
      sentAt = 0;
      if (!next()) {
        socket.destroy();
        return;
      }
      sentAt = performance.now();
      socket.write(request);
    };
    const reader = new AnswerReader((status) => {
      record(performance.now() - sentAt, status === 200);
      send();
    });
    socket.on('connect', send);
    socket.on('data', (chunk) => reader.feed(chunk));
    // A connection closed or refused with a request waiting counts one error, and stops.
    socket.on('error', () => {});
    socket.on('close', () => {
      if (sentAt) record(0, false);
      resolve();
    });
  });
}

/** `c` connections for `seconds` (at most `maxRequests`), after a warm-up of every connection: throughput and latency. */
export async function load(
  label: string,
  port: number,
  urlPath: string,
  body: unknown,
  headers: Record<string, string> = {},
  opts: LoadOptions = {},
): Promise<LoadResult> {
  const c = opts.concurrency ?? 50;
  const request = requestBytes(port, urlPath, body, headers);
  // Warm up: connections opened (with several processes each gets its share) and the code compiled.
  let warm = c * (opts.warmRounds ?? 4);
  const warmUntil = performance.now() + (opts.warmSeconds ?? 0) * 1000;
  await Promise.all(
    Array.from({ length: c }, () =>
      runConnection(
        port,
        request,
        () => warm-- > 0 || performance.now() < warmUntil,
        () => {},
      ),
    ),
  );
  const times: number[] = [];
  let errors = 0;
  let sent = 0;
  const max = opts.maxRequests ?? 200_000;
  const started = performance.now();
  const until = started + (opts.seconds ?? 8) * 1000;
  await Promise.all(
    Array.from({ length: c }, () =>
      runConnection(
        port,
        request,
        () => performance.now() < until && sent++ < max,
        (ms, ok) => {
          if (ok) times.push(ms);
          else errors++;
        },
      ),
    ),
  );
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? Number.NaN;
  return { label, reqs: times.length, rps: times.length / elapsed, p50: q(0.5), p99: q(0.99), errors };
}

import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signV4, type SigV4Credentials } from './sigv4.js';

/**
 * A small in-process S3 for tests of the S3 driver (the AWS SDK's client): path-style objects,
 * ranges, listing, copy and multipart uploads (create, parts, complete, abort, list), speaking what
 * the SDK sends, and it refuses any request whose SigV4 signature does not check out, so a wrong
 * secret is refused as S3 refuses it.
 */
export async function startS3TestServer(opts: { bucket: string; region: string; credentials: SigV4Credentials }) {
  const objects = new Map<string, Buffer>();
  const uploads = new Map<string, { key: string; parts: Map<number, Buffer>; initiated: Date }>();
  const requests: string[] = [];

  const server = http.createServer(async (req, res) => {
    const body: Buffer[] = [];
    for await (const p of req) body.push(p as Buffer);
    const payload = Buffer.concat(body);
    const url = new URL(req.url ?? '/', 'http://x');
    const query = Object.fromEntries(url.searchParams);
    const send = (status: number, text: string | Buffer = '', headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/xml', ...headers });
      res.end(text);
    };
    if (!signatureOk(req, url, query, payload)) return send(403, '<Error><Code>SignatureDoesNotMatch</Code></Error>');
    const [, bucket, ...rest] = decodeURIComponent(url.pathname).split('/');
    if (bucket !== opts.bucket) return send(404, '<Error><Code>NoSuchBucket</Code></Error>');
    const key = rest.join('/');
    requests.push(`${req.method} ${key}${url.search}`);

    if (req.method === 'GET' && !key && query['list-type'] === '2') {
      const prefix = query.prefix ?? '';
      const items = [...objects.entries()].filter(([k]) => k.startsWith(prefix)).sort(([a], [b]) => (a < b ? -1 : 1));
      const contents = items.map(([k, v]) => `<Contents><Key>${k}</Key><Size>${v.length}</Size></Contents>`).join('');
      return send(200, `<ListBucketResult><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`);
    }
    if (req.method === 'GET' && !key && 'uploads' in query) {
      const prefix = query.prefix ?? '';
      const listed = [...uploads.entries()]
        .filter(([, u]) => u.key.startsWith(prefix))
        .map(
          ([id, u]) =>
            `<Upload><Key>${u.key}</Key><UploadId>${id}</UploadId><Initiated>${u.initiated.toISOString()}</Initiated></Upload>`,
        )
        .join('');
      return send(
        200,
        `<ListMultipartUploadsResult><IsTruncated>false</IsTruncated>${listed}</ListMultipartUploadsResult>`,
      );
    }
    if (req.method === 'POST' && 'uploads' in query) {
      const id = crypto.randomBytes(8).toString('hex');
      uploads.set(id, { key, parts: new Map(), initiated: new Date() });
      return send(200, `<InitiateMultipartUploadResult><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`);
    }
    if (query.uploadId) {
      const upload = uploads.get(query.uploadId);
      if (!upload || upload.key !== key) return send(404, '<Error><Code>NoSuchUpload</Code></Error>');
      if (req.method === 'PUT') {
        upload.parts.set(Number(query.partNumber), payload);
        return send(200, '', { etag: `"${crypto.createHash('md5').update(payload).digest('hex')}"` });
      }
      if (req.method === 'POST') {
        const numbers = [...payload.toString().matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) => Number(m[1]));
        const parts = numbers.map((n) => upload.parts.get(n));
        if (parts.some((p) => !p)) return send(400, '<Error><Code>InvalidPart</Code></Error>');
        if (parts.slice(0, -1).some((p) => p!.length < 5 * 1024 * 1024))
          return send(400, '<Error><Code>EntityTooSmall</Code></Error>');
        objects.set(key, Buffer.concat(parts as Buffer[]));
        uploads.delete(query.uploadId);
        return send(200, '<CompleteMultipartUploadResult/>');
      }
      if (req.method === 'DELETE') {
        uploads.delete(query.uploadId);
        return send(204);
      }
    }
    if (req.method === 'PUT') {
      const source = req.headers['x-amz-copy-source'];
      if (typeof source === 'string') {
        // `bucket/key` or `/bucket/key`, URL-encoded (the SDK encodes it), maybe with ?versionId.
        const from = objects.get(
          decodeURIComponent(source.split('?')[0]).replace(/^\/+/, '').split('/').slice(1).join('/'),
        );
        if (!from) return send(404, '<Error><Code>NoSuchKey</Code></Error>');
        objects.set(key, from);
        return send(200, '<CopyObjectResult/>');
      }
      if (Number(req.headers['content-length']) !== payload.length)
        return send(400, '<Error><Code>IncompleteBody</Code></Error>');
      objects.set(key, payload);
      return send(200);
    }
    const object = objects.get(key);
    if (req.method === 'DELETE') {
      objects.delete(key);
      return send(204);
    }
    if (!object) return send(404, '<Error><Code>NoSuchKey</Code></Error>');
    if (req.method === 'HEAD') return send(200, '', { 'content-length': String(object.length) });
    const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
    if (range) return send(206, object.subarray(Number(range[1]), Number(range[2]) + 1));
    return send(200, object);
  });

  function signatureOk(req: http.IncomingMessage, url: URL, query: Record<string, string>, payload: Buffer): boolean {
    const auth = String(req.headers.authorization ?? '');
    const m = /SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(auth);
    const stamp = String(req.headers['x-amz-date'] ?? '');
    if (!m || !/^\d{8}T\d{6}Z$/.test(stamp)) return false;
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== crypto.createHash('sha256').update(payload).digest('hex'))
      return false;
    const headers: Record<string, string> = {};
    for (const name of m[1].split(';')) {
      if (name === 'host' || name === 'x-amz-date') continue;
      headers[name] = String(req.headers[name] ?? '');
    }
    const date = new Date(
      `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`,
    );
    const expected = signV4(
      { method: req.method ?? 'GET', host: String(req.headers.host), path: url.pathname, query, headers, payloadHash },
      { region: opts.region, service: 's3', credentials: opts.credentials, date },
    );
    return expected.authorization === auth;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    uploads,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import crypto from 'node:crypto';

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface SigV4Request {
  method: string;
  /** Host (with port when not the default) as sent in the Host header. */
  host: string;
  /** Path as sent, percent-encoded or not; it is canonicalised here. */
  path: string;
  query?: Record<string, string>;
  /** Headers to sign besides host and x-amz-date (names in any case). */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body, or 'UNSIGNED-PAYLOAD'. */
  payloadHash: string;
}

export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** RFC 3986 encoding as SigV4 wants it: only unreserved characters stay as they are. */
export function uriEncode(value: string, keepSlash = false): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const ch = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(ch) || (keepSlash && ch === '/')) out += ch;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => crypto.createHmac('sha256', key).update(data).digest();

export function amzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * AWS Signature Version 4 (header form): returns the headers to send, including Authorization and
 * x-amz-date. Single-encoded paths, as S3 expects.
 */
export function signV4(
  req: SigV4Request,
  opts: { region: string; service: string; credentials: SigV4Credentials; date?: Date },
): Record<string, string> {
  const stamp = amzDate(opts.date ?? new Date());
  const day = stamp.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers ?? {})) headers[k.toLowerCase()] = v;
  headers.host = req.host;
  headers['x-amz-date'] = stamp;
  if (opts.credentials.sessionToken) headers['x-amz-security-token'] = opts.credentials.sessionToken;

  const canonicalUri =
    req.path
      .split('/')
      .map((s) => uriEncode(safeDecode(s)))
      .join('/') || '/';
  const canonicalQuery = Object.entries(req.query ?? {})
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${headers[n].trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    req.method,
    canonicalUri,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    req.payloadHash,
  ].join('\n');

  const scope = `${day}/${opts.region}/${opts.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256(canonicalRequest)].join('\n');
  const kDate = hmac(`AWS4${opts.credentials.secretAccessKey}`, day);
  const kSigning = hmac(hmac(hmac(kDate, opts.region), opts.service), 'aws4_request');
  const signature = crypto.createHmac('sha256', kSigning).update(stringToSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${opts.credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

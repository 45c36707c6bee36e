import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  p: crypto.BinaryLike,
  s: crypto.BinaryLike,
  len: number,
  o: crypto.ScryptOptions,
) => Promise<Buffer>;
// N=2^15, r=8: ~32 MiB of memory per hash, which is what makes scrypt memory-hard. A test run
// (NODE_ENV=test) may lower N with TEST_SCRYPT_N: its passwords guard nothing, and the suite hashes
// and checks hundreds of them. Stored hashes carry their own N, so verifying reads it from the hash.
const PARAMS = { N: testScryptN() ?? 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

function testScryptN(): number | undefined {
  const n = Number(process.env.TEST_SCRYPT_N);
  if (process.env.NODE_ENV !== 'test' || !Number.isInteger(n) || n < 2 || (n & (n - 1)) !== 0) return undefined;
  return n;
}

/** Random URL-safe token with `bytes` bytes of entropy (tickets use at least 16 = 128 bits). */
export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/** Tokens are stored only as their SHA-256, so a leaked table does not leak sessions. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password, salt, 32, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return crypto.timingSafeEqual(expected, actual);
}

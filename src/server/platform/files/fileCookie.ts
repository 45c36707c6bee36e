import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The app token again, as an HttpOnly cookie sent only to the file calls: img / video / iframe
 * cannot send the Authorization header, so a signed link is honoured only together with the
 * session it was issued in (another user's browser, or one logged out, carries no such session).
 */
export const FILE_COOKIE = 'APP_FILE';
const PATH = '/api/file';

export function setFileCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'Set-Cookie',
    `${FILE_COOKIE}=${encodeURIComponent(token)}; Path=${PATH}; HttpOnly; SameSite=Lax${secure}`,
  );
}

export function clearFileCookie(reply: FastifyReply): void {
  reply.header('Set-Cookie', `${FILE_COOKIE}=; Path=${PATH}; HttpOnly; SameSite=Lax; Max-Age=0`);
}

/** The token in the file cookie of this request, if any. */
export function fileCookieToken(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === FILE_COOKIE) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim()) || null;
      } catch {
        return null;
      }
    }
  }
  return null;
}

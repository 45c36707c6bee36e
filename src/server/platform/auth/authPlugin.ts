import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import type { RoleCode } from '../../../shared/roles.js';
import { AppError } from '../http/AppError.js';
import { findSession, type SessionUser } from './sessions.js';

/** Header that state-changing calls echo the CSRF token in. */
export const CSRF_HEADER = 'x-csrf-token';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call the route. Deny by default: a route that says nothing needs a session.
     * 'public': anyone; 'optional': anyone, `request.user` set when a valid token is sent.
     */
    auth?: 'public' | 'optional' | 'user';
    /** Roles allowed (on top of a session). Omitted: any logged-in role. */
    roles?: readonly RoleCode[];
    /** CSRF check for this route; defaults to on for every non-GET call with a session. */
    csrf?: boolean;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

/** URL prefixes that are calls (API, single sign-on, file server) rather than the web app's files. */
const CALL_SURFACE = /^\/(api|sso|fileserver)(\/|\?|$)/;

export function tokenFrom(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return token.trim() || null;
}

/**
 * Authenticates every request from its Authorization token and enforces the route's `auth`,
 * `roles` and `csrf` config. Handlers then read `request.user`.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { database: Database; sessionMaxMs?: number }) => {
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      if (request.is404) return;
      const config = request.routeOptions.config ?? {};
      // Deny by default on every call surface; the built web app's static files are public.
      const mode = config.auth ?? (CALL_SURFACE.test(request.url) ? 'user' : 'public');
      const token = tokenFrom(request);
      const user = token ? await findSession(opts.database, token, Date.now(), opts.sessionMaxMs) : null;
      request.user = user;
      if (mode === 'public') return;
      if (mode === 'optional') {
        if (user && needsCsrf(request, config.csrf)) checkCsrf(request, user);
        return;
      }
      if (!user) throw AppError.notLoggedIn();
      if (config.roles && !config.roles.includes(user.roleCode)) throw AppError.forbidden();
      if (needsCsrf(request, config.csrf)) checkCsrf(request, user);
    });
  },
  { name: 'auth' },
);

function needsCsrf(request: FastifyRequest, flag: boolean | undefined): boolean {
  if (flag !== undefined) return flag;
  return request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS';
}

function checkCsrf(request: FastifyRequest, user: SessionUser): void {
  const sent = request.headers[CSRF_HEADER];
  if (typeof sent !== 'string' || sent !== user.csrfToken) {
    throw new AppError('请求已失效，请刷新页面后重试', 403, 403);
  }
}

/** For handlers: the caller, who is known to be logged in on a 'user' route. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw AppError.notLoggedIn();
  return request.user;
}

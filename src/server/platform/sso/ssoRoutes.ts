import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { rememberDevice, trustedDevice } from './deviceTrust.js';
import cookie from '@fastify/cookie';
import type { AppContext } from '../AppContext.js';
import { AppError } from '../http/AppError.js';
import { CACHE_BUSTERS, emptyBodyIsObject, objectSchema, str } from '../http/requestSchemas.js';
import { ssoService } from './ssoRegistry.js';
import { SSO_MESSAGES as M } from './ssoMessages.js';
import { TICKET_IDLE_MS } from './BuiltInSso.js';

/** Cookie that remembers the ticket for GET /sso/loginState; scoped to /sso, never readable by scripts. */
export const SSO_COOKIE = 'SSO_TGC';
export const JSONP_CALLBACK = /^[A-Za-z_$][\w$.]{0,63}$/;

const publicRoute = { auth: 'public' as const };
const TGT = str(128, { minLength: 1 });
const QUERY = objectSchema();

function fail(message: string) {
  return { result: 'fail' as const, data: message };
}

/**
 * The single sign-on service under /sso/. Its answers are the SSO's own shapes
 * ({code, message, data} for the captcha, {result, data} for the rest), not the app envelope;
 * business failures answer HTTP 200 with result "fail", malformed requests 400 参数不合法.
 */
export async function ssoRoutes(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { ctx } = opts;
  const sso = () => ssoService(ctx);
  await app.register(cookie);
  emptyBodyIsObject(app);

  const setTicketCookie = (request: FastifyRequest, reply: FastifyReply, tgt: string) => {
    reply.setCookie(SSO_COOKIE, tgt, {
      path: '/sso',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: TICKET_IDLE_MS / 1000,
    });
  };
  const clearTicketCookie = (reply: FastifyReply) => reply.clearCookie(SSO_COOKIE, { path: '/sso' });

  app.get(
    '/captcha',
    {
      config: publicRoute,
      schema: {
        querystring: objectSchema({
          appId: str(64),
          client: str(64),
          captchaId: str(64),
          captchaCustomConfig: str(1000),
          callback: str(64),
          ...CACHE_BUSTERS,
        }),
      },
    },
    async (request, reply) => {
      const q = request.query as { captchaCustomConfig?: string; callback?: string };
      if (q.callback !== undefined && !JSONP_CALLBACK.test(q.callback)) throw AppError.invalid();
      let custom: Record<string, unknown> = {};
      if (q.captchaCustomConfig) {
        try {
          custom = JSON.parse(q.captchaCustomConfig);
        } catch {
          throw AppError.invalid();
        }
        if (!custom || typeof custom !== 'object' || Array.isArray(custom)) throw AppError.invalid();
      }
      const outcome = await sso().createCaptcha(custom, request.ip);
      const answer = outcome.ok
        ? { code: 0, message: 'success', data: outcome.value }
        : { code: -1, message: outcome.message, data: null };
      reply.header('Cache-Control', 'no-store');
      if (!outcome.ok) reply.status(429);
      if (!q.callback) return answer;
      // Callback-style call from another origin: a script that calls the named function.
      const json = JSON.stringify(answer)
        .replace(/\u2028/g, '\\u2028')
        .replace(/\u2029/g, '\\u2029');
      reply.header('X-Content-Type-Options', 'nosniff');
      return reply.type('application/javascript; charset=utf-8').send(`/**/${q.callback}(${json});`);
    },
  );

  app.get(
    '/captcha/image/:captchaId',
    {
      config: publicRoute,
      schema: {
        params: {
          type: 'object',
          additionalProperties: false,
          properties: { captchaId: str(64, { pattern: '^[A-Za-z0-9_-]{16,64}$' }) },
          required: ['captchaId'],
        },
        querystring: objectSchema(CACHE_BUSTERS),
      },
    },
    async (request, reply) => {
      const { captchaId } = request.params as { captchaId: string };
      const svg = await sso().captchaImage(captchaId);
      if (!svg) throw AppError.notFound(M.captchaExpired);
      return reply
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
        .type('image/svg+xml')
        .send(svg);
    },
  );

  app.post(
    '/login',
    {
      config: publicRoute,
      schema: {
        body: objectSchema(
          {
            account: str(128),
            password: str(128),
            captchaId: str(64),
            captchaCode: str(20),
            smsCode: str(12),
            appId: str(64),
            client: str(64),
          },
          ['account'],
        ),
        querystring: QUERY,
      },
    },
    async (request, reply) => {
      const body = request.body as {
        account: string;
        password?: string;
        captchaId?: string;
        captchaCode?: string;
        smsCode?: string;
      };
      const outcome = await sso().login({
        ...body,
        ip: request.ip,
        trustedDevice: (userId) => trustedDevice(ctx, request, userId),
      });
      if (!outcome.ok) return fail(outcome.message);
      setTicketCookie(request, reply, outcome.value.tgt);
      if (outcome.value.userId !== undefined) await rememberDevice(ctx, request, reply, outcome.value.userId);
      return { result: 'success', data: { tgt: outcome.value.tgt } };
    },
  );

  app.post(
    '/validate',
    {
      config: publicRoute,
      schema: { body: objectSchema({ tgt: TGT, appId: str(64), client: str(64) }, ['tgt']), querystring: QUERY },
    },
    async (request) => {
      const { tgt } = request.body as { tgt: string };
      const identity = await sso().validate(tgt);
      return identity ? { result: 'success', data: { username: identity.username } } : fail(M.ticketInvalid);
    },
  );

  app.get(
    '/loginState',
    {
      config: publicRoute,
      schema: { querystring: objectSchema({ appId: str(64), client: str(64), ...CACHE_BUSTERS }) },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const tgt = request.cookies[SSO_COOKIE];
      const identity = tgt ? await sso().validate(tgt) : null;
      if (!tgt || !identity) {
        if (tgt) clearTicketCookie(reply);
        return { result: 'success', data: { loggedIn: false } };
      }
      setTicketCookie(request, reply, tgt);
      return { result: 'success', data: { loggedIn: true, username: identity.username } };
    },
  );

  app.post(
    '/logout',
    {
      config: publicRoute,
      schema: { body: objectSchema({ tgt: TGT, appId: str(64), client: str(64) }), querystring: QUERY },
    },
    async (request, reply) => {
      const tgt = (request.body as { tgt?: string } | undefined)?.tgt ?? request.cookies[SSO_COOKIE];
      if (tgt) await sso().logout(tgt);
      clearTicketCookie(reply);
      return { result: 'success', data: M.loggedOut };
    },
  );

  app.post(
    '/sms/send',
    {
      config: publicRoute,
      schema: {
        body: objectSchema(
          {
            mobile: str(32, { minLength: 1 }),
            captchaId: str(64),
            captchaCode: str(20),
            appId: str(64),
            client: str(64),
          },
          ['mobile'],
        ),
        querystring: QUERY,
      },
    },
    async (request) => {
      const { mobile, captchaId, captchaCode } = request.body as {
        mobile: string;
        captchaId?: string;
        captchaCode?: string;
      };
      // The captcha (single use) before anything is looked up: mobiles cannot be probed by a script.
      const captcha = await sso().verifyCaptcha(captchaId, captchaCode ?? '');
      if (!captcha.ok) return fail(captcha.message);
      const outcome = await sso().sendSmsCode(mobile, request.ip);
      return outcome.ok ? { result: 'success', data: M.smsSent } : fail(outcome.message);
    },
  );
}

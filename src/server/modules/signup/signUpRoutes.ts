import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/AppContext.js';
import { AppError } from '../../platform/http/AppError.js';
import { contractRoute } from '../../platform/http/contractRoute.js';
import { ssoService } from '../../platform/sso/ssoRegistry.js';
import { CACHE_BUSTERS, objectSchema, str } from '../../platform/http/requestSchemas.js';
import { EMAIL_LINK_PATH, emailLinkPage, verifyEmailLink } from './signUpEmail.js';
import { SIGN_UP_MESSAGES as M } from './signUpMessages.js';
import { sendSignUpSms, signUp } from './signUpService.js';
import { FORGOT_MESSAGES, resetForgottenPassword, sendResetCode } from './forgotPassword.js';
import { signUpCalls } from '../../../shared/contracts/signup.js';

const publicRoute = { auth: 'public' as const };
/** The login dialog's picture (SPEC §9: 90 x 32, four characters). */
const CAPTCHA_PICTURE = { width: 90, height: 32, textLength: 4, fontSize: 24, fontColor: '#1f3a68' };

/**
 * Self sign-up of project leaders (SPEC §2 /signUp/signUp), for visitors:
 * POST /api/signUp/captcha (the form's picture captcha, issued by the sign-on service),
 * POST /api/signUp/sendSms {mobile, captchaId, captchaCode} and POST /api/signUp/submit (the sign-up form's values).
 */
export async function signUpRoutes(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { ctx } = opts;
  contractRoute(
    app,
    signUpCalls.captcha,
    { config: publicRoute, schema: { body: objectSchema() } },
    async (request, reply) => {
      const issued = await ssoService(ctx).createCaptcha(CAPTCHA_PICTURE, request.ip);
      if (!issued.ok) throw new AppError(issued.message, 429, 429);
      reply.header('Cache-Control', 'no-store');
      return { captchaId: issued.value.captchaId, captchaUrl: issued.value.captchaUrl };
    },
  );

  contractRoute(
    app,
    signUpCalls.sendSms,
    {
      config: publicRoute,
      schema: { body: objectSchema({ mobile: str(32), captchaId: str(64), captchaCode: str(20) }, ['mobile']) },
    },
    async (request) => {
      await sendSignUpSms(ctx, request.body, request.ip);
      return null;
    },
    M.smsSent,
  );

  contractRoute(
    app,
    signUpCalls.submit,
    {
      config: publicRoute,
      schema: {
        body: objectSchema({
          username: str(64),
          password: str(64),
          realName: str(64),
          gender: str(2),
          idCardNo: str(32),
          mobile: str(32),
          email: str(128),
          smsCode: str(12),
          unit: str(128),
          captchaId: str(64),
          captchaCode: str(20),
        }),
      },
    },
    async (request) => signUp(ctx, request.body, request.ip),
    (answer) => answer.message,
  );

  // 忘记密码 (the login dialog): a code to the account's mobile after the captcha, then a new password.
  contractRoute(
    app,
    signUpCalls.forgotSend,
    {
      config: publicRoute,
      schema: {
        body: objectSchema({ account: str(128), captchaId: str(64), captchaCode: str(20) }, ['account']),
      },
    },
    async (request) => {
      await sendResetCode(ctx, request.body, request.ip);
      return null;
    },
    FORGOT_MESSAGES.sent,
  );

  contractRoute(
    app,
    signUpCalls.forgotReset,
    {
      config: publicRoute,
      schema: {
        body: objectSchema({ account: str(128), smsCode: str(12), newPassword: str(64) }, [
          'account',
          'smsCode',
          'newPassword',
        ]),
      },
    },
    async (request) => {
      await resetForgottenPassword(ctx, request.body);
      return null;
    },
    FORGOT_MESSAGES.done,
  );

  // The link of the e-mail a sign-up gave: opened from the mail, by anyone holding it, once.
  app.get<{ Querystring: { token?: string } }>(
    EMAIL_LINK_PATH.replace(/^\/api/, ''),
    { config: publicRoute, schema: { querystring: objectSchema({ token: str(64), ...CACHE_BUSTERS }) } },
    async (request, reply) => {
      const ok = await verifyEmailLink(ctx, request.query.token ?? '');
      reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
      return emailLinkPage(ctx, ok);
    },
  );
}

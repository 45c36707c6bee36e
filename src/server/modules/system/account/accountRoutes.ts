import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/AppContext.js';
import { currentUser } from '../../../platform/auth/authPlugin.js';
import { contractRoute } from '../../../platform/http/contractRoute.js';
import { objectSchema, str } from '../../../platform/http/requestSchemas.js';
import { accountCalls } from '../../../../shared/contracts/account.js';
import { CONTACT_MESSAGES, sendContactCode } from './contactChange.js';

/** POST /api/account/contactCode {mobile} or {email}: a code to the new address the signed-in person wants. */
export async function accountRoutes(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { ctx } = opts;
  contractRoute(
    app,
    accountCalls.contactCode,
    { schema: { body: objectSchema({ mobile: str(32), email: str(128) }) } },
    async (request) => {
      await sendContactCode(ctx, currentUser(request), request.body, request.ip);
      return null;
    },
    CONTACT_MESSAGES.sent,
  );
}

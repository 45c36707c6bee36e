import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../AppContext.js';
import { maskPhone } from '../../../shared/masks.js';

/**
 * Sends one text message. The sign-on service's SMS codes and the notices' SMS both go through the
 * app's gateway; the `log` driver (the default) writes the message to the log, and a deployment
 * plugs its operator's gateway in with `useSmsGateway`.
 */
export interface SmsGateway {
  readonly driver: string;
  send(mobile: string, text: string): Promise<void>;
}

export function logSmsGateway(log: FastifyBaseLogger): SmsGateway {
  return {
    driver: 'log',
    async send(mobile, text) {
      log.info({ mobile: maskPhone(mobile), text }, 'SMS (log driver: no SMS gateway configured)');
    },
  };
}

const gateways = new WeakMap<AppContext, SmsGateway>();

/** Puts a real gateway in place of the log driver for this app. */
export function useSmsGateway(ctx: AppContext, gateway: SmsGateway): void {
  gateways.set(ctx, gateway);
}

export function smsGatewayOf(ctx: AppContext): SmsGateway {
  let g = gateways.get(ctx);
  if (!g) gateways.set(ctx, (g = logSmsGateway(ctx.log)));
  return g;
}

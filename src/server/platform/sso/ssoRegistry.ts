import type { AppContext } from '../AppContext.js';
import type { SsoService } from './SsoService.js';
import { BuiltInSso } from './BuiltInSso.js';

const services = new WeakMap<AppContext, SsoService>();

/** The SSO service of an app: the built-in one unless another was installed with useSsoService. */
export function ssoService(ctx: AppContext): SsoService {
  let service = services.get(ctx);
  if (!service) {
    service = new BuiltInSso(ctx);
    services.set(ctx, service);
  }
  return service;
}

/** Installs another SSO implementation (an external CAS-style server, or a test double with a clock). */
export function useSsoService(ctx: AppContext, service: SsoService): void {
  services.set(ctx, service);
}

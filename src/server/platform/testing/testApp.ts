import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AppContext } from '../AppContext.js';
import type { CSRF_HEADER } from '../auth/authPlugin.js';
import type { RoleCode } from '../../../shared/roles.js';

// What every test kit shares of a test app. The app itself is made beside app.ts
// (src/server/testApp.ts): a kit of the platform imports nothing above it.
export const TEST_PASSWORD = 'Test@12345';
export const TEST_CAPTCHA = 'test';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** An app session for a demo user without going through SSO (for tests of other modules). */
  loginAs(username: string, roleCode?: RoleCode): Promise<{ authorization: string; [CSRF_HEADER]: string }>;
  /** POST JSON with optional auth headers; returns status and parsed envelope. */
  post(
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any; res: LightMyRequestResponse }>;
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/platform/AppContext.js';
import { MODULES } from '../../server/modules/index.js';
import type { ModuleRoutes } from '../../server/platform/ModuleManifest.js';
import { accountCalls } from './account.js';
import type { AnyContract } from './contract.js';
import { documentCalls } from './documents.js';
import { meetingCalls } from './meetings.js';
import { reviewCalls } from './review.js';
import { signUpCalls } from './signup.js';
import { statisticsCalls } from './statistics.js';
import { studioCalls } from './studio.js';
import { systemCalls } from './system.js';
import { watchDutyCalls } from './watchDuty.js';
import { workbenchCalls } from './workbench.js';

/** Each module's contracts, by the module's name in its manifest. */
const CONTRACTS: Record<string, Record<string, AnyContract>> = {
  review: reviewCalls,
  studio: studioCalls,
  meetings: meetingCalls,
  statistics: statisticsCalls,
  watchDuty: watchDutyCalls,
  workbench: workbenchCalls,
  signup: signUpCalls,
  // The system module serves the account calls too (personal settings).
  system: { ...systemCalls, ...accountCalls },
  documents: documentCalls,
};

/**
 * Routes of those modules without a contract: files (downloads), the dictionaries the runtime's
 * data layer asks by type in the query string, and links sent by e-mail.
 */
const OUTSIDE: Record<string, string[]> = {
  review: ['POST /review/application', 'POST /review/export'],
  meetings: ['GET /meeting/exportAttendees'],
  statistics: ['POST /statistics/export'],
  documents: ['POST /documents/application', 'POST /documents/certificate'],
  // The link in the confirmation e-mail, opened by the mail reader, not called by the app.
  signup: ['GET /signUp/verifyEmail'],
  system: [
    'POST /dic/getDicListByType',
    'POST /home/getDicListByType',
    'POST /categoryDict/queryCategoryDictByType',
    'POST /dic/versions',
  ],
};

/** No database and no schemas: route plugins that seed as they register (the system menus) find nothing to seed. */
const EMPTY_CONTEXT = { database: { db: {} }, schemas: { menus: new Map() } } as unknown as AppContext;

type App = Parameters<ModuleRoutes>[0];

/** Every route a module's route plugins add, as "METHOD /path", read from a recording stand-in for Fastify. */
async function routesOf(name: string): Promise<string[]> {
  const manifest = MODULES.find((m) => m.name === name);
  if (!manifest) throw new Error(`no module ${name}`);
  const routes: string[] = [];
  const methods = ['get', 'post', 'put', 'patch', 'delete'];
  const app = new Proxy({} as App, {
    get: (_, prop) =>
      methods.includes(String(prop))
        ? (url: string) => routes.push(`${String(prop).toUpperCase()} ${url}`)
        : prop === 'route'
          ? (r: { method: string | string[]; url: string }) =>
              [r.method].flat().forEach((m) => routes.push(`${m.toUpperCase()} ${r.url}`))
          : () => undefined,
  });
  for (const plugin of manifest.routes ?? []) await plugin(app, { ctx: EMPTY_CONTEXT });
  return routes;
}

describe('module contracts', () => {
  for (const [name, calls] of Object.entries(CONTRACTS)) {
    it(`${name}: every call has its route, every route of the module its call`, async () => {
      const routes = await routesOf(name);
      const called = Object.values(calls).map((c) => `POST /${c.path}`);
      expect(called.filter((c) => !routes.includes(c))).toEqual([]);
      expect(routes.filter((r) => !called.includes(r) && !(OUTSIDE[name] ?? []).includes(r))).toEqual([]);
      expect(new Set(called).size).toBe(called.length);
      expect((OUTSIDE[name] ?? []).filter((r) => !routes.includes(r))).toEqual([]);
    });
  }

  it('names only modules there are', () => {
    expect(Object.keys(CONTRACTS).filter((n) => !MODULES.some((m) => m.name === n))).toEqual([]);
  });
});

describe('a contract that writes', () => {
  it('says so; one that reads says nothing', () => {
    expect(reviewCalls.allocate.write).toBe(true);
    expect(reviewCalls.candidates.write).toBeUndefined();
    expect(Object.keys(reviewCalls.candidates)).toEqual(['path']);
  });
});

import type { FastifyInstance } from 'fastify';
import type { AppContext } from './AppContext.js';

/** A route plugin of a module, registered under /api. */
export type ModuleRoutes = (app: FastifyInstance, opts: { ctx: AppContext }) => Promise<void>;

/**
 * Everything a module adds to the platform, in one place (modules/<name>/manifest.ts). The app
 * and the seed iterate the list in modules/index.ts; the platform itself imports no module.
 */
export interface ModuleManifest {
  /** The module's folder name. */
  name: string;
  /** Its extensions of the engine (ctx.engine.on ...), registered before anything is seeded or served. */
  extend?(ctx: AppContext): void;
  /** Records every demo needs outside production, demo data on or off (e.g. the demo units). */
  devSeed?(ctx: AppContext): Promise<unknown>;
  /** Its demo records, seeded outside production when demo data is on, in the list's order. */
  demoSeed?(ctx: AppContext): Promise<unknown>;
  /**
   * Set-up once the data is seeded, before the first request: what must not act on the demo seed
   * (the e-mail and SMS senders, so seeding mails no one).
   */
  start?(ctx: AppContext): void;
  /** Its API routes. */
  routes?: readonly ModuleRoutes[];
  /** Jobs it runs on a timer while the app is up; each start answers its stop. */
  jobs?: readonly ((ctx: AppContext) => () => void)[];
}

/**
 * What the shell needs before it can draw anything: the route tree and the site settings. No React
 * here: main.tsx asks for them before it renders, so the two calls travel while React and antd do
 * their first (slow) render, instead of leaving only after it. Both go through the request layer.
 */
import type { LoadedRouteDef } from '../../shared/schema/types.js';
import { restoreSession } from './auth.js';
import { platformApi, type SystemSettings } from './platformApi.js';
import { loadRoutes } from './routesSource.js';

export interface Boot {
  routes: LoadedRouteDef[];
  settings: SystemSettings | null;
}

let pending: Promise<Boot> | null = null;
let ready: Boot | null = null;

/** Asks for the boot data once; later calls answer the same promise. It never rejects. */
export function requestBoot(): Promise<Boot> {
  pending ??= Promise.all([loadRoutes(), platformApi.querySysName().catch(() => null), restoreSession()]).then(
    ([routes, settings]) => {
      ready = { routes, settings };
      return ready;
    },
  );
  return pending;
}

/** The boot data if it has already arrived, so the shell's first render can use it at once. */
export function bootIfReady(): Boot | null {
  return ready;
}

/** Forgets what was asked (tests). */
export function resetBoot(): void {
  pending = null;
  ready = null;
}

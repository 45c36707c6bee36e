import type { ModuleManifest } from '../../platform/ModuleManifest.js';
import { registerChangeHooks } from './changeHooks.js';
import { seedChangeDemo } from './demoSeed.js';

/** Change requests of running topics: their checks inside the engine and the pass that applies them. */
export const changesModule: ModuleManifest = {
  name: 'changes',
  extend: registerChangeHooks,
  demoSeed: seedChangeDemo,
};

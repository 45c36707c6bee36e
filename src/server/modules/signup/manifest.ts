import type { ModuleManifest } from '../../platform/ModuleManifest.js';
import { seedSignUpDemo } from './demoSeed.js';
import { signUpRoutes } from './signUpRoutes.js';

/** Sign-up of project leaders: the visitor's registration and its review (a demo sign-up waits in each demo city). */
export const signupModule: ModuleManifest = {
  name: 'signup',
  demoSeed: seedSignUpDemo,
  routes: [signUpRoutes],
};

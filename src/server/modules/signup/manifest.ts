import type { ModuleManifest } from '../../platform/ModuleManifest.js';
import { signUpRoutes } from './signUpRoutes.js';

/** Sign-up of project leaders: the visitor's registration and its review. */
export const signupModule: ModuleManifest = {
  name: 'signup',
  routes: [signUpRoutes],
};

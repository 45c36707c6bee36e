import type { ModuleManifest } from '../../platform/ModuleManifest.js';
import { documentRoutes } from './documentRoutes.js';

/** Documents made from records: the application form and certificates. */
export const documentsModule: ModuleManifest = {
  name: 'documents',
  routes: [documentRoutes],
};

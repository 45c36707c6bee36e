import type { ModuleManifest } from '../../platform/ModuleManifest.js';
import { reminderRoutes } from './reminderRoutes.js';

/** Reminders outside the portal: each person's channels beside the in-app notice. */
export const remindersModule: ModuleManifest = {
  name: 'reminders',
  routes: [reminderRoutes],
};

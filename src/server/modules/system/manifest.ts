import type { ModuleManifest } from '../../platform/ModuleManifest.js';
import { seedSystemDemo } from './demoSeed.js';
import { dictionaryAdmin } from './dictionaries/dictionaryAdmin.js';
import { menuRules } from './menus/menuRules.js';
import { siteAdmin } from './site/siteAdmin.js';
import { subSystemRules } from './site/subSystemRules.js';
import { systemAdminRoutes } from './systemAdminRoutes.js';
import { systemRoutes } from './systemRoutes.js';
import { userAdmin } from './users/userAdmin.js';

/** The spec's app API (login, menus, dictionaries, counts) and the administration of the system tables. */
export const systemModule: ModuleManifest = {
  name: 'system',
  extend(ctx) {
    ctx.engine.on('user', { virtual: userAdmin(ctx) });
    ctx.engine.on('siteSetting', { virtual: siteAdmin(ctx) });
    ctx.engine.on('subSystem', subSystemRules);
    ctx.engine.on('menuItem', menuRules(ctx));
    ctx.engine.on('dictionary', { virtual: dictionaryAdmin(ctx) });
  },
  devSeed: seedSystemDemo,
  routes: [systemRoutes, systemAdminRoutes],
};

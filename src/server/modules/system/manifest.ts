import type { ModuleManifest } from '../../platform/ModuleManifest.js';
import { seedSystemDemo } from './demoSeed.js';
import { dictionaryRules } from './dictionaries/dictionaryRules.js';
import { menuRules } from './menus/menuRules.js';
import { siteRules } from './site/siteRules.js';
import { subSystemRules } from './site/subSystemRules.js';
import { systemAdminRoutes } from './systemAdminRoutes.js';
import { systemRoutes } from './systemRoutes.js';
import { userRules } from './users/userRules.js';
import { PASSWORD_CHANGE_ENTITY, passwordChangeAdmin } from './account/passwordChangeAdmin.js';
import { PROFILE_ENTITY, profileAdmin } from './account/profileAdmin.js';
import { SESSIONS_ENTITY, sessionsAdmin } from './account/sessionsAdmin.js';
import { CONTACT_ENTITY, contactAdmin } from './account/contactAdmin.js';
import { accountRoutes } from './account/accountRoutes.js';

/** The spec's app API (login, menus, dictionaries, counts) and the administration of the system tables. */
export const systemModule: ModuleManifest = {
  name: 'system',
  extend(ctx) {
    ctx.engine.on('user', userRules);
    ctx.engine.on('siteSetting', siteRules);
    ctx.engine.on('subSystem', subSystemRules);
    ctx.engine.on('menuItem', menuRules(ctx));
    ctx.engine.on('dictionary', dictionaryRules);
    ctx.engine.on(PROFILE_ENTITY, { virtual: profileAdmin(ctx) });
    ctx.engine.on(PASSWORD_CHANGE_ENTITY, { virtual: passwordChangeAdmin(ctx) });
    ctx.engine.on(SESSIONS_ENTITY, { virtual: sessionsAdmin(ctx) });
    ctx.engine.on(CONTACT_ENTITY, { virtual: contactAdmin(ctx) });
  },
  devSeed: seedSystemDemo,
  routes: [systemRoutes, systemAdminRoutes, accountRoutes],
};

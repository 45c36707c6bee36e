import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../AppContext.js';
import { registerVirtualEntity } from '../../platform/resources/virtualEntities.js';
import { userAdmin } from './users/userAdmin.js';
import { siteAdmin } from './site/siteAdmin.js';
import { subSystemAdmin } from './site/subSystemAdmin.js';
import { menuAdmin } from './menus/menuAdmin.js';
import { dictionaryAdmin } from './dictionaries/dictionaryAdmin.js';
import { seedMenus } from './menus/menuStore.js';
import { passwordRoutes } from './users/passwordRoutes.js';

/**
 * System administration: users and roles, sub-systems, menus, dictionaries and sign-up, kept in
 * their own tables and administered through the schema pages as virtual entities.
 */
export async function systemAdminRoutes(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { ctx } = opts;
  registerVirtualEntity(ctx, 'user', userAdmin(ctx));
  registerVirtualEntity(ctx, 'siteSetting', siteAdmin(ctx));
  registerVirtualEntity(ctx, 'subSystem', subSystemAdmin(ctx));
  registerVirtualEntity(ctx, 'menuItem', menuAdmin(ctx));
  registerVirtualEntity(ctx, 'dictionary', dictionaryAdmin(ctx));
  await seedMenus(ctx);
  await passwordRoutes(app, ctx);
}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/AppContext.js';
import { seedMenus } from './menus/menuStore.js';
import { passwordRoutes } from './users/passwordRoutes.js';

/**
 * System administration: users and roles, sub-systems, menus, dictionaries and sign-up, kept in
 * their own tables and administered through the schema pages as engine entities with fixed storage
 * (their rules: the module's hooks); here the menus' seed and the password routes.
 */
export async function systemAdminRoutes(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { ctx } = opts;
  await seedMenus(ctx);
  await passwordRoutes(app, ctx);
}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/AppContext.js';
import { AppError } from '../../platform/http/AppError.js';
import { ok } from '../../platform/http/envelope.js';
import { contractRoute } from '../../platform/http/contractRoute.js';
import { currentUser, tokenFrom } from '../../platform/auth/authPlugin.js';
import { createAppSession, sessionOfCaller } from '../../platform/auth/sessions.js';
import { endSessionEverywhere } from '../../platform/auth/finalLogout.js';
import { clearFileCookie, setFileCookie } from '../../platform/files/fileCookie.js';
import { hashToken } from '../../platform/auth/secrets.js';
import { ssoService } from '../../platform/sso/ssoRegistry.js';
import { MESSAGES } from '../../../shared/envelope.js';
import { maskIdCard, maskPhone } from '../../../shared/masks.js';
import { ROLE_ENG_NAMES, ROLE_NAMES, isAdminRole, roleCodeFromEngName, type RoleCode } from '../../../shared/roles.js';
import type { MenuNode } from '../../../shared/schema/types.js';
import { CACHE_BUSTERS, emptyBodyIsObject, objectSchema, str } from '../../platform/http/requestSchemas.js';
import {
  DICTIONARY_TYPE_PATTERN,
  dictionaryItems,
  dictionaryVersions,
} from '../../platform/reference/dictionaryStore.js';
import { countSources, countsFor, type Counts } from './counts.js';
import { landingSubSystem, listSubSystems, userDefaultSubSystem } from './subSystems.js';
import { effectiveSite } from './site/siteRules.js';
import { menuTree } from './menus/menuStore.js';
import { MUST_CHANGE_PASSWORD_CODE, mustChangeMessage } from './users/passwordRoutes.js';
import { systemCalls, type MenuEntry } from '../../../shared/contracts/system.js';

const QUERY = objectSchema();
const EMPTY_BODY = { body: objectSchema(), querystring: QUERY };
const TYPE_QUERY = objectSchema({ type: str(32, { pattern: DICTIONARY_TYPE_PATTERN }), ...CACHE_BUSTERS }, ['type']);
const flag01 = { type: 'integer', enum: [0, 1] };

/** The menu for the client: badges filled in from the counts; `children: []` kept (a section without rights). */
export function menuWithBadges(
  nodes: MenuNode[],
  counts: Counts,
  labels: Partial<Record<string, string>> = {},
): MenuEntry[] {
  return nodes.map((n) => ({
    name: n.name,
    ...(n.code ? { code: n.code } : {}),
    path: n.path,
    ...(n.icon ? { icon: n.icon } : {}),
    ...(n.invisible ? { invisible: true } : {}),
    ...(n.badge ? { num: counts[n.badge] } : {}),
    ...(n.badge && labels[n.badge] ? { numLabel: labels[n.badge] } : {}),
    ...(n.children ? { children: menuWithBadges(n.children, counts, labels) } : {}),
  }));
}

/**
 * The app API of SPEC §7 that the platform answers: sign-in into the app from an SSO ticket,
 * sub-systems, site settings, menus, counts, dictionaries and watch-duty helpers.
 */
export async function systemRoutes(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { ctx } = opts;
  const { db } = ctx.database;
  emptyBodyIsObject(app);

  /** Who the ticket names; the "nologin" bypass of SPEC §5 only when ALLOW_NOLOGIN is on. */
  async function identify(tgt: string): Promise<{ username: string; ticketId: string | null }> {
    if (ctx.config.allowNologin && /nologin/i.test(tgt)) {
      return { username: tgt.replace(/nologin/gi, '').replace(/^[\s:_-]+|[\s:_-]+$/g, ''), ticketId: null };
    }
    const identity = await ssoService(ctx).validate(tgt);
    if (!identity) throw AppError.notLoggedIn();
    return identity;
  }

  contractRoute(
    app,
    systemCalls.login,
    {
      config: { auth: 'public' },
      schema: { body: objectSchema({ tgt: str(256, { minLength: 1 }), engName: str(16) }), querystring: QUERY },
    },
    async (request, reply) => {
      const { tgt, engName } = request.body;
      const wanted = engName ? roleCodeFromEngName(engName) : undefined;
      if (engName && !wanted) throw AppError.invalid();
      // Without a ticket (role or sub-system switch) the caller's own session names the user: the
      // browser never holds the ticket, and the new session keeps the old one's absolute lifetime.
      const current = tgt ? null : await sessionOfCaller(db, request.user);
      if (!tgt && !current) throw AppError.notLoggedIn();
      const { username, ticketId } = current ?? (await identify(tgt!));
      const user = await db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
      if (!user || !Number(user.enabled)) throw AppError.notLoggedIn();
      // After a password reset the account signs in only once it has chosen a new password.
      if (Number(user.must_change_password))
        throw new AppError(mustChangeMessage(user.must_change_reason), 403, MUST_CHANGE_PASSWORD_CODE);
      const roles = (
        await db
          .selectFrom('user_roles')
          .select('role_code')
          .where('user_id', '=', user.id)
          .orderBy('role_code')
          .execute()
      ).map((r) => r.role_code as RoleCode);
      if (!roles.length) throw AppError.forbidden('该账号未分配角色，请联系管理员');
      if (wanted && !roles.includes(wanted)) throw AppError.forbidden('您没有该角色的权限');
      const roleCode = wanted ?? roles[0];

      const subSystem = landingSubSystem(await listSubSystems(db), user);
      // Switching role signs in again: the caller's previous token of this user is ended, not left behind.
      const previous = tokenFrom(request);
      if (previous)
        await db
          .deleteFrom('app_sessions')
          .where('token_hash', '=', hashToken(previous))
          .where('user_id', '=', user.id)
          .execute();
      const { token, csrfToken } = await createAppSession(db, {
        userId: user.id,
        roleCode,
        subSystemId: subSystem?.id ?? null,
        tgtHash: ticketId,
        createdAt: current?.createdAt,
        userAgent: request.headers['user-agent'] ?? null,
        ip: request.ip,
      });
      setFileCookie(request, reply, token);

      const area = user.area_code
        ? (await dictionaryItems(db, 'areacode'))?.find((o) => o.value === user.area_code)
        : undefined;
      return {
        userId: user.id,
        username: user.username,
        realName: user.real_name,
        roleCode,
        roleName: ROLE_NAMES[roleCode],
        engName: ROLE_ENG_NAMES[roleCode],
        roleList: roles.map((r) => ({ roleCode: r, roleName: ROLE_NAMES[r], engName: ROLE_ENG_NAMES[r] })),
        headImg: user.head_img ?? '',
        token,
        csrfToken,
        isAdmin: isAdminRole(roleCode),
        idCardNo: maskIdCard(user.id_card_no),
        mobile: maskPhone(user.mobile),
        areaCode: user.area_code ?? null,
        areaName: area?.text ?? null,
        orgName: user.org_name ?? null,
        subSystemId: subSystem?.id ?? null,
        subSystemName: subSystem?.systemName ?? null,
      };
    },
  );

  // A logout finding its session already ended (the sign-on's logout, sent beside it, ends every
  // session of the ticket; a password change elsewhere) has nothing left to do and says so: a
  // 用户未登录 would open the login dialog on someone who has just signed out. With a session, the
  // CSRF token is still required ('optional' checks it whenever a session is found).
  contractRoute(
    app,
    systemCalls.logout,
    { schema: EMPTY_BODY, config: { auth: 'optional' } },
    async (request, reply) => {
      if (request.user) await endSessionEverywhere(ctx.database, request.user.tokenHash);
      clearFileCookie(reply);
      return null;
    },
    '退出成功',
  );

  // The signed-in user's own record, unmasked, so their forms can prefill it (FormPageDef
  // initialValues {"var": "profile.idCardNo"}). Only the session's own user is read; nothing is logged.
  contractRoute(app, systemCalls.profile, EMPTY_BODY, async (request, reply) => {
    const me = currentUser(request);
    const user = await db
      .selectFrom('users')
      .select(['real_name', 'gender', 'org_name', 'id_card_no', 'mobile'])
      .where('id', '=', Number(me.userId))
      .executeTakeFirst();
    if (!user) throw AppError.notLoggedIn();
    reply.header('cache-control', 'no-store');
    return {
      realName: user.real_name ?? null,
      gender: user.gender === null || user.gender === undefined ? null : String(user.gender),
      orgName: user.org_name ?? null,
      idCardNo: user.id_card_no ?? null,
      mobile: user.mobile ?? null,
    };
  });

  contractRoute(
    app,
    systemCalls.saveDefaultNavigation,
    {
      // JSON bodies are not coerced: the sub-system id may come as a number or as its digits (SPEC clients send either).
      body: objectSchema({
        defaultSystem: {
          anyOf: [
            { type: 'integer', minimum: 1, maximum: 2147483647 },
            { type: 'string', pattern: '^[1-9][0-9]{0,9}$' },
          ],
        },
        setDefault: flag01,
        remindAgain: flag01,
      }),
      querystring: QUERY,
    },
    async (request) => {
      const user = currentUser(request);
      const given = request.body;
      const { setDefault, remindAgain } = given;
      const defaultSystem = given.defaultSystem === undefined ? undefined : Number(given.defaultSystem);
      if (defaultSystem === undefined && remindAgain === undefined) throw AppError.invalid();
      const all = await listSubSystems(db);
      if (defaultSystem !== undefined && !all.some((s) => s.id === defaultSystem)) throw AppError.invalid();
      const target = defaultSystem ?? user.subSystemId ?? userDefaultSubSystem(all, null)?.id;
      if (target === undefined) throw AppError.invalid();
      await db.transaction().execute(async (trx) => {
        if (defaultSystem !== undefined) {
          await trx
            .updateTable('app_sessions')
            .set({ sub_system_id: defaultSystem })
            .where('token_hash', '=', user.tokenHash)
            .execute();
          await trx
            .updateTable('users')
            .set({
              current_sub_system_id: defaultSystem,
              ...(setDefault === 1 ? { default_sub_system_id: defaultSystem } : {}),
            })
            .where('id', '=', user.userId)
            .execute();
        }
        if (remindAgain !== undefined) {
          await trx
            .insertInto('user_sub_systems')
            .values({ user_id: user.userId, sub_system_id: target, remind_again: remindAgain })
            .onConflict((oc) => oc.columns(['user_id', 'sub_system_id']).doUpdateSet({ remind_again: remindAgain }))
            .execute();
        }
      });
      return null;
    },
    MESSAGES.success,
  );

  contractRoute(app, systemCalls.subSystems, { config: { auth: 'optional' }, schema: EMPTY_BODY }, async (request) => {
    const all = await listSubSystems(db);
    const user = request.user;
    if (!user) return all.map((s) => ({ ...s, remindAgain: 0, current: 0 }));
    const me = await db
      .selectFrom('users')
      .select(['default_sub_system_id'])
      .where('id', '=', user.userId)
      .executeTakeFirst();
    const flags = await db
      .selectFrom('user_sub_systems')
      .select(['sub_system_id', 'remind_again'])
      .where('user_id', '=', user.userId)
      .execute();
    const remind = new Map(flags.map((f) => [Number(f.sub_system_id), Number(f.remind_again)]));
    const def = userDefaultSubSystem(all, me?.default_sub_system_id as number | null);
    return all.map((s) => ({
      id: s.id,
      code: s.code,
      systemName: s.systemName,
      organize: s.organize,
      // Per user: 1 marks the user's default (their own choice, else the system's).
      defaultFlag: s.id === def?.id ? 1 : 0,
      remindAgain: remind.get(s.id) ?? 0,
      current: s.id === user.subSystemId ? 1 : 0,
    }));
  });

  contractRoute(app, systemCalls.siteSettings, { config: { auth: 'public' }, schema: EMPTY_BODY }, async () => {
    // The seeded settings with what an administrator changed on /systemSet/addSubSystem laid over them.
    const site = await effectiveSite(ctx);
    return {
      systemName: site.systemName,
      reviewType: site.reviewType,
      isTopicAppraisal: site.isTopicAppraisal ?? 1,
      logImage: site.logImage,
      footer: site.footer,
      organize: site.organize,
    };
  });

  contractRoute(app, systemCalls.menu, EMPTY_BODY, async (request) => {
    const user = currentUser(request);
    // The menu administrators edit on funcModulePre; schemas/menus when the role has none stored.
    const menu = (await menuTree(db, user.roleCode)) ?? ctx.schemas.menus.get(user.roleCode)?.items ?? [];
    const labels = Object.fromEntries(Object.entries(countSources(ctx)).map(([k, s]) => [k, s.label]));
    return menuWithBadges(menu, await countsFor(ctx, user), labels);
  });

  contractRoute(app, systemCalls.counts, EMPTY_BODY, async (request) => countsFor(ctx, currentUser(request)));

  const dictionary = async (type: string) => {
    const items = await dictionaryItems(db, type);
    if (!items) throw AppError.invalid();
    return ok(items);
  };
  const dictRoute = { querystring: TYPE_QUERY, body: objectSchema({ lxjp: str(64) }) };
  app.post('/dic/getDicListByType', { schema: dictRoute }, async (request) =>
    dictionary((request.query as { type: string }).type),
  );
  app.post('/home/getDicListByType', { config: { auth: 'public' }, schema: dictRoute }, async (request) =>
    dictionary((request.query as { type: string }).type),
  );
  // Category lists live in the same versioned store (types such as xkfl); see docs/platform.md.
  app.post(
    '/categoryDict/queryCategoryDictByType',
    { config: { auth: 'public' }, schema: dictRoute },
    async (request) => dictionary((request.query as { type: string }).type),
  );
  app.post('/dic/versions', { config: { auth: 'public' }, schema: EMPTY_BODY }, async () =>
    ok(await dictionaryVersions(db)),
  );
}

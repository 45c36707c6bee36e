import crypto from 'node:crypto';
import type { AppContext } from '../../../platform/AppContext.js';
import type { SessionUser } from '../../../platform/auth/sessions.js';
import { AppError } from '../../../platform/http/AppError.js';
import { KyselyRecordStore } from '../../../platform/records/RecordStore.js';
import { formatDateTime } from '../../../platform/records/time.js';
import { hasRight } from '../../../platform/records/access.js';
import { logRows, virtualRecord, type VirtualEntity } from '../../../platform/resources/virtualEntities.js';
import type { EntityDef } from '../../../../shared/schema/types.js';
import { deviceName } from './deviceName.js';
import { signOutOtherSessions } from './passwordChangeAdmin.js';

export const SESSIONS_ENTITY = 'accountSession';
export const SIGN_OUT_OTHERS = 'signOutOthers';

export const SESSION_MESSAGES = {
  current: '不能在此退出当前设备，请使用右上角的退出登录',
  othersOnly: '请在当前设备一行选择退出其他设备',
} as const;

/** A session's id as the page sees it: a number derived from its token's hash (which never leaves the server). */
const rowId = (tokenHash: string) =>
  parseInt(crypto.createHash('sha256').update(tokenHash).digest('hex').slice(0, 7), 16) + 1;

interface Row {
  token_hash: string;
  tgt_hash: string | null;
  user_agent: string | null;
  ip: string | null;
  created_at: number;
  last_seen_at: number;
}

/**
 * 个人中心 › 登录设备: the caller's own signed-in sessions (never another person's), newest first,
 * the one in use marked. 退出 ends another one (and its sign-on ticket, so the browser cannot sign
 * in again without the password); 退出其他设备, offered on the current row, ends all the others.
 */
export function sessionsAdmin(ctx: AppContext): VirtualEntity {
  const db = ctx.database.db;
  const store = KyselyRecordStore.of(ctx.database);
  const entity = () => ctx.schemas.entities.get(SESSIONS_ENTITY) as EntityDef;
  const rows = async (user: SessionUser): Promise<Row[]> =>
    (await db
      .selectFrom('app_sessions')
      .select(['token_hash', 'tgt_hash', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
      .where('user_id', '=', user.userId)
      .where('expires_at', '>', Date.now())
      .orderBy('last_seen_at', 'desc')
      .execute()) as Row[];
  const answer = (r: Row, user: SessionUser) => {
    const current = r.token_hash === user.tokenHash;
    return {
      ...virtualRecord(
        rowId(r.token_hash),
        {
          device: deviceName(r.user_agent),
          ip: r.ip ?? null,
          signedInAt: formatDateTime(Number(r.created_at)),
          lastSeen: formatDateTime(Number(r.last_seen_at)),
        },
        {
          status: current ? 'current' : 'other',
          ownerId: user.userId,
          createdBy: user.userId,
          createdAt: Number(r.created_at),
        },
      ),
      _perm: { update: false, delete: !current, transitions: current ? [SIGN_OUT_OTHERS] : [] },
    };
  };
  const check = (user: SessionUser) => {
    if (!hasRight(entity(), 'read', user)) throw AppError.forbidden();
  };
  const log = (user: SessionUser, actionLabel: string, comment: string) =>
    store.log({
      entity: SESSIONS_ENTITY,
      recordId: user.userId,
      action: 'update',
      actionLabel,
      fromStatus: null,
      toStatus: null,
      comment,
      userId: user.userId,
      userName: user.realName,
      roleCode: user.roleCode,
      createdAt: Date.now(),
    });

  return {
    async list(body, user) {
      check(user);
      const list = (await rows(user)).map((r) => answer(r, user));
      const pageSize = Number(body.pageSize) || 10;
      const page = Number(body.page) || 1;
      return { list: list.slice((page - 1) * pageSize, page * pageSize), total: list.length, page, pageSize };
    },
    async get(body, user) {
      check(user);
      const r = (await rows(user)).find((s) => String(rowId(s.token_hash)) === String(body.id));
      if (!r) throw AppError.notFound();
      return answer(r, user);
    },
    save() {
      throw AppError.forbidden();
    },
    async remove(body, user) {
      check(user);
      const ids = new Set(((body.ids as unknown[]) ?? [body.id]).map(String));
      const own = (await rows(user)).filter((s) => ids.has(String(rowId(s.token_hash))));
      if (own.some((s) => s.token_hash === user.tokenHash)) throw new AppError(SESSION_MESSAGES.current, 400, 400);
      const mine = await db
        .selectFrom('app_sessions')
        .select('tgt_hash')
        .where('token_hash', '=', user.tokenHash)
        .executeTakeFirst();
      for (const s of own) {
        await db.deleteFrom('app_sessions').where('token_hash', '=', s.token_hash).execute();
        if (s.tgt_hash && s.tgt_hash !== mine?.tgt_hash)
          await db.deleteFrom('sso_tickets').where('tgt_hash', '=', s.tgt_hash).execute();
      }
      if (own.length) await log(user, '退出设备', own.map((s) => deviceName(s.user_agent)).join('、'));
      return { deleted: own.length };
    },
    async transition(body, user) {
      check(user);
      const current = (await rows(user)).find((s) => s.token_hash === user.tokenHash);
      if (body.action !== SIGN_OUT_OTHERS || !current || String(body.id) !== String(rowId(current.token_hash)))
        throw new AppError(SESSION_MESSAGES.othersOnly, 400, 400);
      await signOutOtherSessions(db, user);
      await log(user, '退出其他设备', '退出其他设备上的登录');
      return answer(current, user);
    },
    async logs(_body, user) {
      check(user);
      return logRows(await store.logs(entity(), user.userId));
    },
  };
}

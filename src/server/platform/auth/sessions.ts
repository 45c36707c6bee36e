import type { CompiledQuery } from 'kysely';
import type { RoleCode } from '../../../shared/roles.js';
import { isAdminRole } from '../../../shared/roles.js';
import type { Database } from '../db/database.js';
import { hashToken, randomToken } from './secrets.js';
import { keepSession, keptSession, sessionVersion, touchedSession, type SessionRows } from './sessionCache.js';
import type { Db } from '../db/tables.js';

/** Idle time after which an app session (and an SSO ticket) ends. */
export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
/** A login's absolute lifetime unless configured (SESSION_MAX_HOURS): use keeps it alive only this long. */
export const SESSION_MAX_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60 * 1000;

/** Who is calling: set on `request.user` by the auth plugin for every non-public route. */
export interface SessionUser {
  userId: number;
  username: string;
  realName: string;
  /** The active role, chosen at sys/login (engName). */
  roleCode: RoleCode;
  roles: RoleCode[];
  areaCode: string | null;
  orgName: string | null;
  subSystemId: number | null;
  isAdmin: boolean;
  tokenHash: string;
  csrfToken: string;
}

export interface IssuedSession {
  token: string;
  csrfToken: string;
}

export async function createAppSession(
  db: Db,
  input: {
    userId: number;
    roleCode: RoleCode;
    subSystemId: number | null;
    tgtHash: string | null;
    createdAt?: number;
    /** The browser's User-Agent and the caller's address, shown to the person among their sessions. */
    userAgent?: string | null;
    ip?: string | null;
  },
  now = Date.now(),
): Promise<IssuedSession> {
  const token = randomToken();
  const csrfToken = randomToken(18);
  await db
    .insertInto('app_sessions')
    .values({
      token_hash: hashToken(token),
      user_id: input.userId,
      role_code: input.roleCode,
      sub_system_id: input.subSystemId,
      tgt_hash: input.tgtHash,
      csrf_token: csrfToken,
      created_at: input.createdAt ?? now,
      last_seen_at: now,
      expires_at: now + SESSION_IDLE_MS,
      user_agent: input.userAgent ? input.userAgent.slice(0, 256) : null,
      ip: input.ip ? input.ip.slice(0, 64) : null,
    })
    .execute();
  return { token, csrfToken };
}

const sessionQueries = new WeakMap<Db, CompiledQuery>();

/**
 * One query: the session, its user and (one row each) the user's roles. Every call of every user
 * asks it, so it is built and compiled once per database handle, then sent with the token's hash.
 */
function sessionQuery(db: Db): CompiledQuery {
  let q = sessionQueries.get(db);
  if (!q) {
    q = db
      .selectFrom('app_sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .leftJoin('user_roles as r', 'r.user_id', 'u.id')
      .select([
        's.token_hash',
        's.role_code',
        's.sub_system_id',
        's.csrf_token',
        's.last_seen_at',
        's.expires_at',
        's.created_at',
        'u.id as user_id',
        'u.username',
        'u.real_name',
        'u.area_code',
        'u.org_name',
        'u.enabled',
        'r.role_code as has_role',
      ])
      .where('s.token_hash', '=', '')
      .compile();
    sessionQueries.set(db, q);
  }
  return q;
}

/** Still within its idle time and its absolute lifetime, as far as this row says. */
function live(row: Record<string, any> | undefined, now: number, maxAgeMs: number): boolean {
  return !!row && Number(row.expires_at) > now && Number(row.created_at) + maxAgeMs > now;
}

/** The session's rows: kept ones (sessionCache) while they hold and say it is live, else the database's. */
async function sessionRows(database: Database, tokenHash: string, now: number, maxAgeMs: number): Promise<SessionRows> {
  const kept = keptSession(database, tokenHash, now);
  // A kept copy that has run out may have been touched by another process since: ask again.
  if (kept && live(kept[0], now, maxAgeMs)) return kept;
  const version = sessionVersion(database);
  const rows = (
    await database.db.executeQuery<Record<string, any>>({ ...sessionQuery(database.db), parameters: [tokenHash] })
  ).rows;
  if (rows.length) keepSession(database, tokenHash, version, rows, now);
  return rows;
}

export async function findSession(
  database: Database,
  token: string,
  now = Date.now(),
  maxAgeMs = SESSION_MAX_MS,
): Promise<SessionUser | null> {
  const db = database.db;
  const tokenHash = hashToken(token);
  const rows = await sessionRows(database, tokenHash, now, maxAgeMs);
  const row = rows[0];
  // Idle for too long, or older than the absolute lifetime however busy it was.
  if (!live(row, now, maxAgeMs) || !row.enabled) return null;
  const roleCodes = rows.flatMap((r) =>
    r.has_role === null || r.has_role === undefined ? [] : [r.has_role as RoleCode],
  );
  // A role taken away since login ends that session's rights at once.
  if (!roleCodes.includes(row.role_code)) return null;
  if (now - Number(row.last_seen_at) > TOUCH_EVERY_MS) {
    const times = { last_seen_at: now, expires_at: Math.min(now + SESSION_IDLE_MS, Number(row.created_at) + maxAgeMs) };
    await db.updateTable('app_sessions').set(times).where('token_hash', '=', tokenHash).execute();
    touchedSession(database, tokenHash, times);
  }
  return {
    userId: row.user_id,
    username: row.username,
    realName: row.real_name,
    roleCode: row.role_code,
    roles: roleCodes,
    areaCode: row.area_code ?? null,
    orgName: row.org_name ?? null,
    subSystemId: row.sub_system_id ?? null,
    isAdmin: isAdminRole(row.role_code),
    tokenHash,
    csrfToken: row.csrf_token,
  };
}

export async function endSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('app_sessions').where('token_hash', '=', tokenHash).execute();
}

/** Ends every app token issued from one SSO ticket (SSO logout). */
export async function endSessionsOfTicket(db: Db, tgtHash: string): Promise<void> {
  await db.deleteFrom('app_sessions').where('tgt_hash', '=', tgtHash).execute();
}

/** The caller's live session (for a re-login without the ticket): its user, ticket and start. */
export async function sessionOfCaller(db: Db, user: SessionUser | null) {
  if (!user) return null;
  const row = await db
    .selectFrom('app_sessions')
    .select(['tgt_hash', 'created_at'])
    .where('token_hash', '=', user.tokenHash)
    .executeTakeFirst();
  if (!row) return null;
  return {
    username: user.username,
    ticketId: (row.tgt_hash as string | null) ?? null,
    createdAt: Number(row.created_at),
  };
}

import type { AppContext } from '../AppContext.js';
import type { SessionUser } from '../auth/sessions.js';
import { demoActor } from '../seed/demoActor.js';
import { DEMO_USERS } from '../seed/demoUsers.js';
import { allowed } from '../records/access.js';
import type { StoredRecord } from '../records/RecordStore.js';
import { MAX_PAGE_SIZE, ResourceService } from '../resources/ResourceService.js';

type Body = Record<string, unknown>;
import type { SchemaProblem } from '../schemas/checkSchemas.js';

async function listEverything(
  list: (body: Record<string, unknown>) => Promise<{ list: unknown[]; total: number }>,
): Promise<StoredRecord[]> {
  const rows: StoredRecord[] = [];
  for (let page = 1; page <= 100; page++) {
    let answer: { list: unknown[]; total: number };
    try {
      answer = await list({ page, pageSize: MAX_PAGE_SIZE });
    } catch {
      return rows; // No right to list at all: the rules are checked for that by hasRight, statically.
    }
    rows.push(...(answer.list as StoredRecord[]));
    if (rows.length >= answer.total || answer.list.length === 0) break;
  }
  return rows;
}

/**
 * Whether the entity rules say what the server does for the entities a module serves (virtual
 * entities, whose adapters narrow their lists in code) and those kept in system tables (users,
 * menus..., whose lists the engine narrows in SQL): every demo account, in each of its roles,
 * lists each of them; every record any of them saw is then judged by the entity's read
 * rules for every account. A record listed that the rules refuse, or refused that the rules grant,
 * is a problem of the schema (or of the adapter). Needs an app with the demo accounts.
 */
export async function probeVirtualReads(ctx: AppContext): Promise<SchemaProblem[]> {
  const actors: SessionUser[] = [];
  for (const u of DEMO_USERS) for (const role of u.roles) actors.push(await demoActor(ctx, u.username, role));
  const problems: SchemaProblem[] = [];
  const resources = new ResourceService(ctx);
  for (const entity of ctx.schemas.entities.values()) {
    const adapter = entity.virtual ? ctx.engine.virtual(entity.name) : undefined;
    // An entity kept in a system table is listed by the engine: its SQL filter against the rules.
    const server =
      adapter ??
      (entity.storage ? { list: (body: Body, u: SessionUser) => resources.list(entity.name, body, u) } : null);
    if (!server) continue;
    const seen = new Map<number, StoredRecord>();
    const listed = new Map<SessionUser, Set<number>>();
    for (const actor of actors) {
      const rows = await listEverything((body) => server.list(body, actor));
      listed.set(actor, new Set(rows.map((r) => Number(r.id))));
      for (const r of rows) seen.set(Number(r.id), r);
    }
    for (const actor of actors) {
      for (const rec of seen.values()) {
        const byRules = allowed(entity, 'read', rec, actor);
        const byServer = listed.get(actor)!.has(Number(rec.id));
        if (byRules === byServer) continue;
        problems.push({
          file: `entities/${entity.name}.json`,
          path: '/access/read',
          message: `role ${actor.roleCode} (${actor.username}) reading ${entity.name} ${rec.id}: the rules ${byRules ? 'grant' : 'refuse'} it, the server ${byServer ? 'answers' : 'refuses'} it`,
        });
      }
    }
  }
  return problems;
}

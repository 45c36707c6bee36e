import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { KyselyRecordStore } from '../records/RecordStore.js';

/**
 * The demo data (a fresh `npm start`) obeys every rule the server enforces: each demo record saves
 * unchanged as its owner, and every transition a record offers a demo account (its
 * `_perm.transitions`) fires. A transition is fired on the record as seeded, which is then put back,
 * so each one starts from the demo data. A transition may be refused only with field messages for
 * fields the user must fill in first (its `requires`, e.g. a report to upload): the list offers it
 * and the form asks for them. A comment is given where the transition asks for one.
 */
const ACCOUNTS: [string, string?][] = [
  ['admin'],
  ['province'],
  ['city1123'],
  ['city1101'],
  ['leader1'],
  ['leader2'],
  ['expert1'],
  ['expert2'],
  ['multi', '4'],
  ['multi', '5'],
  ['applicant1'],
  ['applicant2'],
  ['applicant3'],
  ['applicant4'],
];

type H = Record<string, string>;
const empty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
interface Row {
  id: number;
  version: number;
  ownerId?: number;
  _perm?: { update?: boolean; transitions?: string[] };
}

describe('demo data obeys the server rules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demoData: true });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const entities = () => [...t.ctx.schemas.entities.values()].filter((e) => !e.virtual);

  async function rowsOf(h: H, entity: string): Promise<Row[]> {
    const out: Row[] = [];
    for (let page = 1; page < 50; page++) {
      const res = await t.post(`/api/resource/${entity}/list`, { subAct: 'a', page, pageSize: 100 }, h);
      if (res.status === 403) return out;
      expect(res.status, `${entity} list: ${JSON.stringify(res.body)}`).toBe(200);
      out.push(...(res.body.data.list as Row[]));
      if (out.length >= res.body.data.total) return out;
    }
    return out;
  }

  async function getOne(h: H, entity: string, id: number): Promise<Record<string, unknown>> {
    const res = await t.post(`/api/resource/${entity}/get`, { subAct: 'a', id }, h);
    expect(res.status, `${entity} ${id} get: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data;
  }

  async function userIdOf(username: string): Promise<number> {
    const row = await t.ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  it("is coherent: a topic is its leader's own, with its own files, one per leader and notice", async () => {
    const store = KyselyRecordStore.of(t.ctx.database);
    const topic = t.ctx.schemas.entities.get('topic')!;
    const { rows } = await store.list(topic, {
      where: { t: 'const', value: true },
      sort: [{ field: 'id', order: 'asc' }],
      offset: 0,
      limit: 1000,
    });
    expect(rows.length).toBeGreaterThan(30);
    const db = t.ctx.database.db;
    const users = new Map(
      (await db.selectFrom('users').select(['id', 'real_name']).execute()).map((u) => [
        Number(u.id),
        String(u.real_name),
      ]),
    );
    const problems: string[] = [];
    const slots = new Map<string, number>();
    const fileOwners = new Map<number, number>();
    for (const r of rows) {
      if (r.leader !== users.get(Number(r.ownerId)))
        problems.push(`topic ${r.id}: leader ${String(r.leader)} is not its owner ${users.get(Number(r.ownerId))}`);
      if (!['24', '34'].includes(String(r.status))) {
        const key = `${r.ownerId}/${r.noticeId}`;
        if (slots.has(key))
          problems.push(`topic ${r.id}: its owner already has topic ${slots.get(key)} on notice ${r.noticeId}`);
        slots.set(key, r.id);
      }
      for (const [field, def] of Object.entries(topic.fields)) {
        if (def.type !== 'files' || !Array.isArray(r[field])) continue;
        for (const ref of r[field] as { id: number }[]) {
          const file = await db
            .selectFrom('files')
            .select(['owner_user_id'])
            .where('id', '=', ref.id)
            .executeTakeFirst();
          if (Number(file?.owner_user_id) !== Number(r.ownerId))
            problems.push(`topic ${r.id}: ${field} file ${ref.id} is not its owner's`);
          const bound = await db
            .selectFrom('file_bindings')
            .select('record_id')
            .where('file_id', '=', ref.id)
            .where('entity', '=', 'topic')
            .execute();
          if (!bound.some((b) => Number(b.record_id) === r.id))
            problems.push(`topic ${r.id}: ${field} file ${ref.id} is not bound to it`);
          if (fileOwners.has(ref.id) && fileOwners.get(ref.id) !== r.id)
            problems.push(`topic ${r.id}: ${field} file ${ref.id} is also topic ${fileOwners.get(ref.id)}'s`);
          fileOwners.set(ref.id, r.id);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('re-saves every demo record unchanged as its owner', async () => {
    const failures: string[] = [];
    let saved = 0;
    for (const [username, role] of ACCOUNTS) {
      const h = await t.loginAs(username, role as never);
      const me = await userIdOf(username);
      for (const entity of entities()) {
        for (const row of await rowsOf(h, entity.name)) {
          if (!row._perm?.update) continue;
          const rec = await getOne(h, entity.name, row.id);
          if (rec.ownerId !== undefined && Number(rec.ownerId) !== me) continue;
          const body: Record<string, unknown> = { subAct: 'a', id: rec.id, version: rec.version };
          for (const f of Object.keys(entity.fields)) if (f in rec && !entity.fields[f].readOnly) body[f] = rec[f];
          const res = await t.post(`/api/resource/${entity.name}/save`, body, h);
          if (res.status !== 200)
            failures.push(
              `${username} ${entity.name} ${rec.id}: ${res.status} ${JSON.stringify(res.body.data ?? res.body.result)}`,
            );
          else saved++;
        }
      }
    }
    expect(failures).toEqual([]);
    expect(saved).toBeGreaterThan(20);
  }, 600_000);

  it('fires every transition the demo data offers to each demo account', async () => {
    const store = KyselyRecordStore.of(t.ctx.database);
    const failures: string[] = [];
    let fired = 0;
    for (const [username, role] of ACCOUNTS) {
      const h = await t.loginAs(username, role as never);
      for (const entity of entities()) {
        const wf = entity.workflow ? t.ctx.schemas.workflows.get(entity.workflow) : undefined;
        if (!wf) continue;
        for (const row of await rowsOf(h, entity.name)) {
          for (const action of row._perm?.transitions ?? []) {
            const before = (await store.get(entity, row.id))!;
            const defs = wf.transitions.filter((d) => d.action === action && d.from.includes(String(before[wf.field])));
            const comment = defs.some((d) => d.comment === 'required' || d.comment === 'optional')
              ? '演示数据检查'
              : undefined;
            const res = await t.post(
              `/api/resource/${entity.name}/transition`,
              { subAct: 'a', id: row.id, version: before.version, action, comment },
              h,
            );
            const requires = new Set(defs.flatMap((d) => d.requires ?? []));
            const asksInput =
              res.status === 400 &&
              Array.isArray(res.body.data) &&
              res.body.data.length > 0 &&
              res.body.data.every(
                (e: { field: string; message: string }) => requires.has(e.field) && empty(before[e.field]) && e.message,
              );
            if (res.status === 200) fired++;
            else if (!asksInput)
              failures.push(
                `${username} ${entity.name} ${row.id} ${action}: ${res.status} ${JSON.stringify(res.body.data ?? res.body.result)} ${res.body.result}`,
              );
            const now = (await store.get(entity, row.id))!;
            expect(await store.update(entity, { ...before, version: now.version }, now.version)).toBe(true);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(fired).toBeGreaterThan(20);
  }, 600_000);
});

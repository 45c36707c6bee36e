import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { loadSchemas } from '../schemas/loadSchemas.js';
import { DEMO_USERS } from '../seed/demoUsers.js';
import { seed } from '../seed/seed.js';
import { MODULES } from '../../modules/index.js';
import { dictionaryVersions, saveDictionary } from './dictionaryStore.js';
import { entityTables } from '../db/tables.js';

describe('reference data seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const counts = async () => {
    const db = entityTables(t.ctx.database.db);
    const n = async (table: string) =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      users: await n('users'),
      subSystems: await n('sub_systems'),
      settings: await n('settings'),
      types: await n('dictionary_types'),
      items: await n('dictionary_items'),
      shifts: await n('watch_shifts'),
    };
  };

  it('seeds sub-systems (one default), settings, every dictionary file and the watch shifts', async () => {
    const c = await counts();
    expect(c.subSystems).toBeGreaterThanOrEqual(2);
    expect(c.types).toBe(t.ctx.schemas.dictionaries.size);
    expect(c.types).toBeGreaterThanOrEqual(17);
    expect(c.shifts).toBeGreaterThanOrEqual(1);
    const defaults = await t.ctx.database.db
      .selectFrom('sub_systems')
      .select('id')
      .where('default_flag', '=', 1)
      .execute();
    expect(defaults).toHaveLength(1);
  });

  it('is idempotent: a second run adds nothing and bumps no version', async () => {
    const before = await counts();
    const versions = await dictionaryVersions(t.ctx.database.db);
    await seed(t.ctx, MODULES);
    await seed(t.ctx, MODULES);
    expect(await counts()).toEqual(before);
    expect(await dictionaryVersions(t.ctx.database.db)).toEqual(versions);
  });

  it('follows a changed dictionary file on the next start and bumps its version', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schemas-'));
    fs.cpSync(t.ctx.config.schemasDir, dir, { recursive: true });
    const file = path.join(dir, 'dictionaries', 'psgz.json');
    const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
    doc.options.push({ value: '9', text: '专家组现场答辩评定' });
    fs.writeFileSync(file, JSON.stringify(doc));
    const before = await dictionaryVersions(t.ctx.database.db);
    await seed({ ...t.ctx, schemas: loadSchemas(dir) }, MODULES);
    const after = await dictionaryVersions(t.ctx.database.db);
    expect(after.psgz).toBe(before.psgz + 1);
    expect(after.sjzt).toBe(before.sjzt);
    const r = await t.post('/api/home/getDicListByType?type=psgz', {});
    expect(r.body.data.at(-1)).toEqual({ value: '9', text: '专家组现场答辩评定' });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('makes no demo account in production', async () => {
    const db = t.ctx.database.db;
    await db.deleteFrom('users').execute();
    await seed({ ...t.ctx, config: { ...t.ctx.config, production: true } }, MODULES);
    expect((await counts()).users).toBe(0);
    await seed(t.ctx, MODULES);
    expect((await counts()).users).toBeGreaterThanOrEqual(9);
  });
});

describe('reference data seed from two processes at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('does not fail when two starts seed an empty database together', async () => {
    const { db } = t.ctx.database;
    await db.deleteFrom('dictionary_items').execute();
    await db.deleteFrom('dictionary_types').execute();
    await db.deleteFrom('users').execute();
    await Promise.all([seed(t.ctx, MODULES), seed(t.ctx, MODULES)]);
    const roles = await db
      .selectFrom('user_roles')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    // Each demo account's roles once, though two starts seeded them together.
    expect(Number(roles.n)).toBe(DEMO_USERS.reduce((n, u) => n + u.roles.length, 0));
    const types = await db.selectFrom('dictionary_types').select(['type', 'version']).execute();
    expect(types).toHaveLength(t.ctx.schemas.dictionaries.size);
    const r = await t.post('/api/home/getDicListByType?type=areacode', {});
    expect(r.body.data.length).toBe(t.ctx.schemas.dictionaries.get('areacode')!.options.length);
  });

  it('gives two new types saved at once an id each (on PostgreSQL both read the same highest id)', async () => {
    const { db } = t.ctx.database;
    const option = [{ value: '1', text: '甲' }];
    const saved = await Promise.all(
      ['raceOne', 'raceTwo', 'raceThree'].map((type) => saveDictionary(db, { type, label: type, options: option })),
    );
    expect(saved).toEqual([true, true, true]);
    const rows = await db
      .selectFrom('dictionary_types')
      .select(['id', 'type'])
      .where('type', 'in', ['raceOne', 'raceTwo', 'raceThree'])
      .execute();
    expect(new Set(rows.map((r) => Number(r.id))).size).toBe(3);
  });

  it('numbers a new type by the database, whoever inserts it and however many starts save at once', async () => {
    const { db } = t.ctx.database;
    const top = async () =>
      Number(
        (
          await db
            .selectFrom('dictionary_types')
            .select((eb) => eb.fn.max('id').as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await top();
    // A writer that knows nothing of the numbering (a migration, an operator's insert) still gets the next number.
    await db
      .insertInto('dictionary_types')
      .values({ type: 'bareType', label: '裸类型', updated_at: Date.now() })
      .execute();
    const bare = await db
      .selectFrom('dictionary_types')
      .select('id')
      .where('type', '=', 'bareType')
      .executeTakeFirstOrThrow();
    expect(Number(bare.id)).toBe(before + 1);
    const types = Array.from({ length: 12 }, (_, i) => `crowd${i}`);
    const option = [{ value: '1', text: '甲' }];
    expect(await Promise.all(types.map((type) => saveDictionary(db, { type, label: type, options: option })))).toEqual(
      types.map(() => true),
    );
    const rows = await db.selectFrom('dictionary_types').select('id').where('type', 'in', types).execute();
    expect(new Set(rows.map((r) => Number(r.id))).size).toBe(types.length);
    expect(rows.every((r) => Number(r.id) > before + 1)).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testApp.js';
import { seedMenus } from './menuStore.js';

// A database whose menus were seeded before a module added an entry gets the entry; one deleted stays deleted.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const studioEntry = () =>
  t.ctx.database.db
    .selectFrom('menu_items')
    .select(['code', 'parent_code', 'path'])
    .where('role_code', '=', '1')
    .where('code', '=', 'schemaStudio')
    .executeTakeFirst();

describe('menu seed', () => {
  it('adds an entry the schemas gained to a menu seeded before, under its section, once', async () => {
    const { db } = t.ctx.database;
    const before = await studioEntry();
    expect(before).toMatchObject({ path: '/schemaStudio' });
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('menu_items')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('role_code', '=', '1')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const total = await count();
    // As a database seeded before the studio existed (and before seeds were recorded) has it.
    await db.deleteFrom('menu_items').where('role_code', '=', '1').where('code', '=', 'schemaStudio').execute();
    await db.deleteFrom('menu_seed_codes').where('role_code', '=', '1').execute();
    await seedMenus(t.ctx);
    expect(await studioEntry()).toEqual(before);
    expect(await count()).toBe(total);
    await seedMenus(t.ctx);
    expect(await count()).toBe(total);
  });

  it('does not bring back an entry an administrator deleted', async () => {
    const { db } = t.ctx.database;
    await db.deleteFrom('menu_items').where('role_code', '=', '1').where('code', '=', 'schemaStudio').execute();
    await seedMenus(t.ctx);
    expect(await studioEntry()).toBeUndefined();
  });
});

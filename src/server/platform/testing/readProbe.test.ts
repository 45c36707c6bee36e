import type { Rule } from '../../../shared/rules/Rule.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { demoActor } from '../seed/demoActor.js';
import { allowed } from '../records/access.js';
import { probeVirtualReads } from './readProbe.js';
import type { StoredRecord } from '../records/RecordStore.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const userRecord = async (username: string) => {
  const id = Number(
    (
      await t.ctx.database.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).id,
  );
  return (await t.post('/api/resource/user/get', { id }, await t.loginAs('admin'))).body.data as StoredRecord;
};

describe('the user schema says what the server does', () => {
  it('refuses, by its rules, what the server refuses: a province admin reading the admins, a city admin reading itself', async () => {
    const province = await demoActor(t.ctx, 'province');
    const city = await demoActor(t.ctx, 'city1123');
    const user = t.ctx.schemas.entities.get('user')!;
    for (const name of ['admin', 'province']) {
      expect(allowed(user, 'read', await userRecord(name), province), name).toBe(false);
      expect(
        (await t.post('/api/resource/user/get', { id: (await userRecord(name)).id }, await t.loginAs('province')))
          .status,
      ).toBe(404);
    }
    expect(allowed(user, 'read', await userRecord('city1123'), city)).toBe(false);
    expect(allowed(user, 'read', await userRecord('leader1'), city)).toBe(true);
    expect(allowed(user, 'read', await userRecord('leader2'), city)).toBe(false);
    expect(allowed(user, 'read', await userRecord('city1123'), province)).toBe(true);
  });

  it('finds no difference between the rules and the servers (adapters, SQL filters) on the demo accounts', async () => {
    expect(await probeVirtualReads(t.ctx)).toEqual([]);
  });

  it('flags the difference when the rules grant more than the server answers', async () => {
    const user = t.ctx.schemas.entities.get('user')!;
    // Province and city admins reading the accounts not locked out: a field filled on reading, which
    // the rules test on each record but no database filter can read, so the lists answer none.
    const unlocked: Rule = { '==': [{ var: 'record.locked' }, false] };
    t.ctx.schemas.entities.set('user', {
      ...user,
      access: {
        ...user.access,
        read: [
          { roles: ['1'], scope: 'all' },
          { roles: ['2'], scope: 'all', when: unlocked },
          { roles: ['3'], scope: 'city', when: unlocked },
        ],
      },
    });
    try {
      const problems = await probeVirtualReads(t.ctx);
      expect(problems.length).toBeGreaterThan(0);
      expect(problems.map((p) => p.message)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^role 2 \(province\) reading user \d+: the rules grant it, the server refuses it$/),
          expect.stringMatching(/^role 3 \(city1123\) reading user \d+: the rules grant it, the server refuses it$/),
        ]),
      );
    } finally {
      t.ctx.schemas.entities.set('user', user);
    }
  });
});

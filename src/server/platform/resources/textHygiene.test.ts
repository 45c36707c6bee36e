import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { KyselyRecordStore } from '../records/RecordStore.js';

let t: TestApp;
let city: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  city = await t.loginAs('city1123');
});
afterAll(async () => {
  await t?.close();
});

describe('text hygiene at the engine', () => {
  it('strips characters XML cannot hold from every string field on save, keeping emoji', async () => {
    const r = await t.post(
      '/api/resource/expert/save',
      {
        name: '王\uFFFE专\u0001家',
        unit: '师范\uFFFF大学\u001F',
        area: '1123',
        subject: '3',
        mobile: '13900002001',
        enabled: true,
        researchFields: '第一行\n\t第二行\u0007😀',
        title: '教\u000B授',
      },
      city,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const stored = await KyselyRecordStore.of(t.ctx.database).get(
      t.ctx.schemas.entities.get('expert')!,
      r.body.data.id,
    );
    expect(stored).toMatchObject({
      name: '王专家',
      unit: '师范大学',
      researchFields: '第一行 第二行😀',
      title: '教授',
    });
    const account = await t.ctx.database.db
      .selectFrom('users')
      .select('real_name')
      .where('mobile', '=', '13900002001')
      .executeTakeFirstOrThrow();
    expect(account.real_name).toBe('王专家');
  });

  it('keeps a one-line (string) field on one line: CR/LF and tabs become a space, other controls go', async () => {
    const r = await t.post(
      '/api/resource/expert/save',
      {
        name: '李\r\n专家',
        unit: '师范\t大学\u0085',
        area: '1123',
        subject: '3',
        mobile: '13900002009',
        enabled: true,
        researchFields: '第一行\r\n第二行',
        title: '副\u009b教授',
      },
      city,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const stored = await KyselyRecordStore.of(t.ctx.database).get(
      t.ctx.schemas.entities.get('expert')!,
      r.body.data.id,
    );
    expect(stored).toMatchObject({
      name: '李 专家',
      unit: '师范 大学 ',
      title: '副教授',
      researchFields: '第一行 第二行',
    });
  });

  it('refuses NUL and lone surrogates before anything is read (not storable as UTF-8 text)', async () => {
    for (const name of ['王\u0000专家', '王\uD800专家', '王\uDC00专家']) {
      const r = await t.post(
        '/api/resource/expert/save',
        { name, unit: '大学', area: '1123', subject: '3', mobile: '13900002003', enabled: true },
        city,
      );
      expect(r.status).toBe(400);
    }
    expect(
      await t.ctx.database.db.selectFrom('users').select('id').where('mobile', '=', '13900002003').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('bounds every list field: more items than the bound are refused, nothing saved', async () => {
    const many = Array.from({ length: 201 }, () => '3');
    const r = await t.post(
      '/api/resource/expert/save',
      {
        name: '多学科',
        unit: '大学',
        area: '1123',
        subject: '3',
        mobile: '13900002002',
        enabled: true,
        otherSubjects: many,
      },
      city,
    );
    expect(r.status).toBe(400);
    expect(r.body.data).toEqual([
      expect.objectContaining({ field: 'otherSubjects', message: '其他学科领域最多200项' }),
    ]);
    expect(
      await t.ctx.database.db.selectFrom('users').select('id').where('mobile', '=', '13900002002').executeTakeFirst(),
    ).toBeUndefined();
  });

  it("every json field has a bound: rows of their own or the engine's", () => {
    for (const entity of t.ctx.schemas.entities.values()) {
      for (const [name, def] of Object.entries(entity.fields)) {
        // The engine's default is 200 rows; a list the server fills itself (a year's published
        // results of a whole province) may declare more, but never goes unbounded.
        if (def.type === 'json' && def.rows)
          expect(def.rows.maxRows ?? 200, `${entity.name}.${name}`).toBeLessThanOrEqual(2000);
      }
    }
  });
});

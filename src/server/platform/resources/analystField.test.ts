import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../testApp.js';
import { dropPgSchema } from '../db/database.js';
import { loadSchemas } from '../schemas/loadSchemas.js';
import { checkSchemas } from '../schemas/checkSchemas.js';

/**
 * The promise of the schemas: an analyst adds a field by editing JSON only (entity and pages),
 * restarts, and the field is saved, validated by the server and returned, with no migration.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'analyst-data-'));
const schemasDir = fs.mkdtempSync(path.join(os.tmpdir(), 'analyst-schemas-'));
const pgSchema = process.env.DATABASE_URL ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
fs.cpSync(path.resolve('schemas'), schemasDir, { recursive: true });

function editJson(rel: string, change: (doc: any) => void) {
  const file = path.join(schemasDir, rel);
  const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  change(doc);
  fs.writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
}

afterAll(async () => {
  if (pgSchema && process.env.DATABASE_URL) await dropPgSchema(process.env.DATABASE_URL, pgSchema);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(schemasDir, { recursive: true, force: true });
});

describe('an analyst adds a field by editing JSON only', () => {
  it('is stored, validated and returned after a restart on the same database', async () => {
    const config = { dataDir, schemasDir, pgSchema };
    const A = '/api/resource/announcement';

    // Before: an existing item.
    const first = await createTestApp(config);
    const province1 = await first.loginAs('province');
    const old = await first.post(
      `${A}/save`,
      { subAct: 'a', title: '旧通知', content: '<p>旧</p>', summary: 'old summary' },
      province1,
    );
    expect(old.status).toBe(200);
    await first.close();

    // The edit: a new field "source" on the entity, its form and its list; and summary moved to a column.
    editJson('entities/announcement.json', (d) => {
      d.fields.source = { type: 'string', label: '来源', maxLength: 20 };
      d.fields.summary.column = true;
      d.access.public.fields.push('source');
    });
    editJson('pages/information/announcement.form.json', (d) => {
      d.sections[0].fields.splice(1, 0, { field: 'source', span: 12 });
    });
    editJson('pages/information/announcement.list.json', (d) => {
      d.columns.splice(1, 0, { field: 'source', width: 120 });
    });
    editJson('pages/portal/announcement.look.json', (d) => {
      d.fields.source = 'source';
    });
    expect(checkSchemas(loadSchemas(schemasDir))).toEqual([]);

    // After the restart.
    const second = await createTestApp(config);
    try {
      const province = await second.loginAs('province');
      const tooLong = await second.post(
        `${A}/save`,
        { subAct: 'a', title: '新通知', content: '<p>新</p>', source: '来'.repeat(21) },
        province,
      );
      expect(tooLong.status).toBe(400);
      expect(tooLong.body).toMatchObject({
        result: '参数不合法',
        data: [{ field: 'source', label: '来源', message: '来源不能超过20个字符' }],
      });

      const saved = await second.post(
        `${A}/save`,
        { subAct: 'a', title: '新通知', content: '<p>新</p>', source: '省教育厅' },
        province,
      );
      expect(saved.status).toBe(200);
      expect(saved.body.data.source).toBe('省教育厅');

      const list = await second.post(
        `${A}/list`,
        {
          subAct: 'a',
          page: 1,
          pageSize: 10,
          pageId: 'information/announcement.list',
          filters: [{ field: 'source', op: 'like', value: '教育厅' }],
        },
        province,
      );
      expect(list.body.data.list.map((r: any) => [r.title, r.source])).toEqual([['新通知', '省教育厅']]);
      const got = await second.post(`${A}/get`, { subAct: 'a', id: saved.body.data.id }, province);
      expect(got.body.data.source).toBe('省教育厅');

      // The old record: no value for the new field; its summary survived the move to a column.
      const before = await second.post(`${A}/get`, { subAct: 'a', id: old.body.data.id }, province);
      expect(before.body.data).toMatchObject({ source: null, summary: 'old summary', title: '旧通知' });
      const bySummary = await second.post(
        `${A}/list`,
        { subAct: 'a', page: 1, pageSize: 10, filters: [{ field: 'summary', op: 'like', value: 'old' }] },
        province,
      );
      expect(bySummary.body.data.list.map((r: any) => r.id)).toEqual([old.body.data.id]);
      const edited = await second.post(
        `${A}/save`,
        { subAct: 'a', id: old.body.data.id, version: 1, source: '市教育局' },
        province,
      );
      expect(edited.body.data).toMatchObject({ source: '市教育局', summary: 'old summary', version: 2 });

      // The pages the browser renders name it, and visitors see it once published.
      const form = await second.post(
        '/api/schema/page',
        { subAct: 'a', id: 'information/announcement.form' },
        province,
      );
      expect(form.body.data.page.sections[0].fields[1].field).toBe('source');
      expect(form.body.data.entity.fields.source).toMatchObject({ label: '来源', maxLength: 20 });
      const pub = await second.post(
        `${A}/transition`,
        { subAct: 'a', id: saved.body.data.id, version: 1, action: 'publish' },
        province,
      );
      expect(pub.status).toBe(200);
      const open = await second.post('/api/public/announcement/get', { subAct: 'a', id: saved.body.data.id });
      expect(open.body.data.source).toBe('省教育厅');
    } finally {
      await second.close();
    }
  });
});

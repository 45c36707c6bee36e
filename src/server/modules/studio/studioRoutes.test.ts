import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { entityTables } from '../../platform/db/tables.js';

/**
 * The schema studio on two server processes sharing one database: a field published on one is
 * validated and saved on the other without a restart, a checker problem refuses the publish with
 * file and path, a rollback needs confirmation when stored values would lose their field, and
 * every publish is in the operation log.
 */
let a: TestApp;
let b: TestApp;
const A = '/api/resource/announcement';
const ENTITY = 'entities/announcement';
const FORM = 'pages/information/announcement.form';

beforeAll(async () => {
  a = await createTestApp();
  const { dataDir, pgSchema, databaseUrl } = a.ctx.config;
  b = await createTestApp({ dataDir, pgSchema, databaseUrl });
}, 120_000);

afterAll(async () => {
  // b shares a's database: only its server is closed, a drops the data.
  await b?.app.close();
  await a?.close();
});

async function doc(app: TestApp, who: Record<string, string>, key: string) {
  const got = await app.post('/api/studio/get', { key }, who);
  expect(got.status).toBe(200);
  return {
    doc: JSON.parse(got.body.data.content),
    versions: got.body.data.versions as { id: number; action: string }[],
  };
}

/** Waits for the other process to see what the first published (PostgreSQL's notification takes a few ms). */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('never happened');
}

describe('schema studio', () => {
  it('is for the super admin and the analyst only', async () => {
    for (const name of ['province', 'leader1', 'expert1']) {
      const res = await a.post('/api/studio/tree', {}, await a.loginAs(name));
      expect(res.status).toBe(403);
    }
    const tree = await a.post('/api/studio/tree', {}, await a.loginAs('analyst1'));
    expect(tree.status).toBe(200);
    const form = tree.body.data.items.find((i: { key: string }) => i.key === FORM);
    expect(form).toMatchObject({ kind: 'pages', group: 'information' });
    expect(form.usedBy.some((u: string) => u.startsWith('路由 '))).toBe(true);
    const entity = tree.body.data.items.find((i: { key: string }) => i.key === ENTITY);
    expect(entity.usedBy).toContain(`页面 ${FORM.slice('pages/'.length)}`);
    expect((await a.post('/api/studio/tree', {}, await a.loginAs('admin'))).status).toBe(200);
  });

  it("hands the editor the file's meta-schema in one document", async () => {
    const analyst = await a.loginAs('analyst1');
    const page = (await a.post('/api/studio/get', { key: FORM }, analyst)).body.data;
    expect(page.meta.properties.kind).toMatchObject({ const: JSON.parse(page.content).kind });
    expect(JSON.stringify(page.meta)).not.toMatch(/"\$ref":"[^#]/);
    const entity = (await a.post('/api/studio/get', { key: ENTITY }, analyst)).body.data;
    expect(entity.meta.properties.fields).toBeDefined();
  });

  it('asks before a dictionary option still held by records is removed', async () => {
    const analyst = await a.loginAs('analyst1');
    const city = await a.loginAs('city1101');
    const saved = await a.post(`${A}/save`, { subAct: 'a', title: '市级通知', content: '<p>通知</p>' }, city);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.areaCode).toBe('1101');
    const dict = await doc(a, analyst, 'dictionaries/areacode');
    dict.doc.options = dict.doc.options.filter((o: { value: string }) => o.value !== '1101');
    const refused = await a.post(
      '/api/studio/publish',
      { key: 'dictionaries/areacode', content: JSON.stringify(dict.doc), reason: '删除石家庄市' },
      analyst,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.data.confirm).toBe(true);
    expect(refused.body.data.orphans).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ entity: 'announcement', what: 'option', name: '1101', records: expect.any(Number) }),
      ]),
    );
    expect((await doc(a, analyst, 'dictionaries/areacode')).versions).toEqual([]);
  });

  it('publishes a field that another process validates and saves at once, and rolls it back', async () => {
    const analyst = await a.loginAs('analyst1');
    const province = await b.loginAs('province');
    const entity = await doc(a, analyst, ENTITY);
    const form = await doc(a, analyst, FORM);
    expect(entity.versions).toEqual([]);

    // A page naming a field the entity does not have: refused with the file and the path.
    const badForm = structuredClone(form.doc);
    badForm.sections[0].fields.splice(1, 0, { field: 'source', span: 12 });
    const checked = await a.post('/api/studio/check', { key: FORM, content: JSON.stringify(badForm) }, analyst);
    expect(checked.body.data.problems[0]).toMatchObject({
      file: 'schemas/pages/information/announcement.form.json',
      path: '/sections/0/fields/1/field',
    });
    const refused = await a.post(
      '/api/studio/publish',
      { key: FORM, content: JSON.stringify(badForm), reason: '增加来源' },
      analyst,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.result).toContain(
      'schemas/pages/information/announcement.form.json /sections/0/fields/1/field',
    );
    expect((await doc(a, analyst, FORM)).versions).toEqual([]);
    const broken = await a.post('/api/studio/publish', { key: FORM, content: '{"id": ', reason: '坏' }, analyst);
    expect(broken.status).toBe(400);
    expect(broken.body.result).toContain('不是合法的 JSON');

    // The entity first, then the page.
    const newEntity = structuredClone(entity.doc);
    newEntity.fields.source = { type: 'string', label: '来源', maxLength: 20 };
    const pub = await a.post(
      '/api/studio/publish',
      { key: ENTITY, content: JSON.stringify(newEntity), reason: '增加来源字段' },
      analyst,
    );
    expect(pub.status).toBe(200);
    const pubForm = await a.post(
      '/api/studio/publish',
      { key: FORM, content: JSON.stringify(badForm), reason: '表单显示来源' },
      analyst,
    );
    expect(pubForm.status).toBe(200);

    // The other process serves the new page and validates and stores the new field.
    await eventually(async () => {
      const page = await b.post('/api/schema/page', { id: 'information/announcement.form' }, province);
      return JSON.stringify(page.body.data?.page ?? {}).includes('"source"');
    });
    const tooLong = await b.post(
      `${A}/save`,
      { subAct: 'a', title: '新通知', content: '<p>新</p>', source: '来'.repeat(21) },
      province,
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.data).toEqual([expect.objectContaining({ field: 'source', message: '来源不能超过20个字符' })]);
    const saved = await b.post(
      `${A}/save`,
      { subAct: 'a', title: '新通知', content: '<p>新</p>', source: '省教育厅' },
      province,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data.source).toBe('省教育厅');

    // Versions: the file as it was, then the publish with its diff.
    const versions = (await doc(a, analyst, ENTITY)).versions as { id: number; action: string; diff: unknown }[];
    expect(versions.map((v) => v.action)).toEqual(['publish', 'file']);
    expect(versions[0].diff).toEqual([
      { path: '/fields/source', after: { type: 'string', label: '来源', maxLength: 20 } },
    ]);

    // Rolling the entity back first is refused: the published page still shows the field.
    const early = await a.post('/api/studio/rollback', { versionId: versions[1].id }, analyst);
    expect(early.status).toBe(400);
    expect(early.body.result).toContain('schemas/pages/information/announcement.form.json');
    const formVersions = (await doc(a, analyst, FORM)).versions;
    expect(
      (await a.post('/api/studio/rollback', { versionId: formVersions.find((v) => v.action === 'file')!.id }, analyst))
        .status,
    ).toBe(200);
    // The field holds a value: the analyst is told and confirms.
    const unconfirmed = await a.post('/api/studio/rollback', { versionId: versions[1].id }, analyst);
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.data).toMatchObject({
      confirm: true,
      orphans: [{ entity: 'announcement', what: 'field', name: 'source', records: 1 }],
    });
    const back = await a.post('/api/studio/rollback', { versionId: versions[1].id, confirm: true }, analyst);
    expect(back.status).toBe(200);

    // Gone on the other process; the stored value is kept in the database.
    await eventually(async () => {
      const page = await b.post('/api/schema/page', { id: 'information/announcement.form' }, province);
      return !page.body.data.entity.fields.source;
    });
    const got = await b.post(`${A}/get`, { subAct: 'a', id: saved.body.data.id }, province);
    expect(got.body.data).not.toHaveProperty('source');
    const raw = await entityTables(b.ctx.database.db)
      .selectFrom('rec_announcement')
      .select('data')
      .where('id', '=', saved.body.data.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(raw.data).source).toBe('省教育厅');

    // Every publish and rollback is in the operation log.
    const log = await a.ctx.database.db
      .selectFrom('operation_log')
      .select(['action', 'comment', 'user_name'])
      .where('entity', '=', 'schema')
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.action)).toEqual(['publish', 'publish', 'rollback', 'rollback']);
    expect(log[0]).toMatchObject({ comment: `${ENTITY}：增加来源字段`, user_name: '孙分析' });
  });

  it('refuses a key outside the schemas and a version that does not exist', async () => {
    const analyst = await a.loginAs('analyst1');
    expect((await a.post('/api/studio/get', { key: '../package' }, analyst)).status).toBe(400);
    expect(
      (await a.post('/api/studio/publish', { key: 'meta/entity.schema', content: '{}', reason: 'x' }, analyst)).status,
    ).toBe(400);
    expect((await a.post('/api/studio/rollback', { versionId: 999999 }, analyst)).status).toBe(404);
  });
});

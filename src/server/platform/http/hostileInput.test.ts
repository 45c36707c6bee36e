import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { fileTestClient } from '../testing/fileTestClient.js';
import { ssoLogin } from '../testing/ssoTestHelpers.js';
import { UNSTORABLE_TEXT_MESSAGE } from './inputGuard.js';

/**
 * The hostile requests of the hardening probe, one test each: every one answered 500 (or worse,
 * changed data) before; each must now be a clear 4xx with 参数不合法 that changes nothing.
 */
let t: TestApp;
type H = Record<string, string>;
let province: H, admin: H;
const A = '/api/resource/announcement';
const INVALID = '参数不合法';

beforeAll(async () => {
  t = await createTestApp();
  [province, admin] = await Promise.all([t.loginAs('province'), t.loginAs('admin')]);
});
afterAll(async () => {
  await t?.close();
});

async function create(title = '加固测试公告') {
  const res = await t.post(`${A}/save`, { subAct: 'a', title, content: '<p>正文</p>' }, province);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; version: number };
}

const raw = (url: string, payload: string, headers: H = {}) =>
  t.inject({ method: 'POST', url, payload, headers: { ...headers, 'content-type': 'application/json' } });

describe('hostile input', () => {
  it('a JSON body nested 20,000 levels answers 参数不合法, logged in or not', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const deepObj = `{"subAct":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}`;
    for (const [url, headers] of [
      ['/sso/login', {}],
      ['/api/public/announcement/list', {}],
      [`${A}/save`, province],
      ['/api/sys/login', {}],
    ] as const) {
      for (const payload of [deep, deepObj]) {
        const res = await raw(url, payload, headers);
        expect(res.statusCode, `${url} ${res.body.slice(0, 100)}`).toBe(400);
        expect(res.json().result).toBe(INVALID);
      }
    }
    // Ordinary nesting (a rule, a list of members) still passes.
    const ok = await raw(
      '/api/public/announcement/list',
      JSON.stringify({ subAct: 'a', filters: [{ field: 'title', op: 'like', value: 'x' }] }),
    );
    expect(ok.statusCode).toBe(200);
  });

  it('prototype property names as filter or sort fields answer 参数不合法', async () => {
    for (const field of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      for (const url of [`${A}/list`, '/api/public/announcement/list', `${A}/export`]) {
        for (const body of [{ filters: [{ field, op: 'eq', value: 'x' }] }, { sort: { field, order: 'asc' } }]) {
          const res = await t.post(url, { subAct: 'a', ...body }, province);
          expect(res.status, `${url} ${field} ${JSON.stringify(res.body).slice(0, 200)}`).toBe(400);
          expect(res.body.result).toBe(INVALID);
        }
      }
      const obj = await raw(`${A}/list`, `{"subAct":"a","filters":{"${field}":"x"}}`, province);
      expect(obj.statusCode, `${field} ${obj.body}`).toBe(400);
    }
  });

  it('a huge page or page size answers 参数不合法', async () => {
    for (const body of [
      '{"page":1e300}',
      '{"page":1e20}',
      '{"page":9007199254740993}',
      '{"pageSize":1e300}',
      '{"page":10000001}',
    ]) {
      for (const url of ['/api/public/announcement/list', `${A}/list`]) {
        const res = await raw(url, body, province);
        expect(res.statusCode, `${url} ${body} ${res.body.slice(0, 200)}`).toBe(400);
        expect(res.json().result).toBe(INVALID);
      }
    }
  });

  it('ids beyond the id column answer 参数不合法 on get, delete, transition, log and download', async () => {
    const big = [2147483648, '2147483648', 99999999999999, '999999999999999'];
    for (const id of big) {
      for (const [url, body] of [
        [`${A}/get`, { id }],
        [`${A}/log`, { id }],
        [`${A}/delete`, { id }],
        [`${A}/delete`, { ids: [id] }],
        [`${A}/transition`, { id, version: 1, action: 'publish' }],
        ['/api/public/announcement/get', { id }],
        ['/api/file/links', { ids: [Number(id)] }],
        ['/api/file/downloadZip', { ids: [Number(id)] }],
      ] as const) {
        const res = await t.post(url, { subAct: 'a', ...body }, admin);
        expect(res.status, `${url} ${JSON.stringify(body)} ${JSON.stringify(res.body).slice(0, 200)}`).toBe(400);
        expect(res.body.result).toBe(INVALID);
      }
      for (const url of [`/api/file/download?id=${id}`, `/api/file/preview/${id}`]) {
        const res = await t.inject({ method: 'GET', url, headers: admin });
        expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(400);
      }
      const preview = await t.inject({ method: 'POST', url: `/api/file/preview/${id}`, headers: admin, payload: {} });
      expect(preview.statusCode).toBe(400);
    }
    // The largest id the column holds is a plain not-found.
    expect((await t.post(`${A}/get`, { subAct: 'a', id: 2147483647 }, admin)).status).toBe(404);
  });

  it('NUL bytes and lone surrogates in strings are refused with a message at their field, and store nothing', async () => {
    const before = await t.post(`${A}/list`, { subAct: 'a', pageSize: 100 }, province);
    const title = await t.post(`${A}/save`, { subAct: 'a', title: '含\u0000空字符', content: '<p>x</p>' }, province);
    expect(title.status).toBe(400);
    expect(title.body.result).toBe(INVALID);
    expect(title.body.data).toEqual([{ field: 'title', message: UNSTORABLE_TEXT_MESSAGE }]);
    expect(UNSTORABLE_TEXT_MESSAGE).toMatch(/无法保存的字符/);
    // A lone surrogate deep in a field's rows or text is told at that field too.
    const content = await t.post(
      `${A}/save`,
      { subAct: 'a', title: '正常标题', content: '<p>半个\ud83d字符</p>' },
      province,
    );
    expect(content.status).toBe(400);
    expect(content.body.data).toEqual([{ field: 'content', message: UNSTORABLE_TEXT_MESSAGE }]);
    const nested = await t.post(
      `${A}/save`,
      { subAct: 'a', title: '正常标题', content: '<p>x</p>', attachments: [{ fileName: 'a\udc00.pdf' }] },
      province,
    );
    expect(nested.status).toBe(400);
    expect(nested.body.data).toEqual([{ field: 'attachments', message: UNSTORABLE_TEXT_MESSAGE }]);
    // A key holding one has no field to be told at: the message is the answer's own.
    const key = await t.post(`${A}/save`, { subAct: 'a', ['t\u0000']: 'x' }, province);
    expect([key.status, key.body.result]).toEqual([400, UNSTORABLE_TEXT_MESSAGE]);
    const filter = await t.post(
      `${A}/list`,
      { subAct: 'a', filters: [{ field: 'title', op: 'like', value: 'a\u0000' }] },
      province,
    );
    expect(filter.status).toBe(400);
    const after = await t.post(`${A}/list`, { subAct: 'a', pageSize: 100 }, province);
    expect(after.body.data.total).toBe(before.body.data.total);
    const login = await ssoLogin(t, 'admin\u0000', 'x\u0000y');
    expect(login.status).toBe(400);
    expect(login.body.result).toBe(INVALID);
    const query = await t.inject({ method: 'GET', url: '/sso/captcha?subAct=%00' });
    expect(query.statusCode).toBe(400);
  });

  it('a lone surrogate in a file name is refused on upload, and a zip of stored odd names still works', async () => {
    const files = fileTestClient(t, province);
    const sent = await files.send(Buffer.from('%PDF-1.4\n% 孤立代理\n%%EOF\n'), '正常.pdf');
    expect(sent.step).toBe('done');
    const refused = await files.uploadFile({
      belongType: 'announcement.attachments',
      contextId: sent.file!.contextId,
      originalFileName: 'a\ud800b.pdf',
    });
    expect(refused).toMatchObject({ flag: false, result: INVALID });
    // A name stored before this check (or by another path) still zips.
    await t.ctx.database.db
      .updateTable('files' as never)
      .set({ original_file_name: 'x\ud800y.pdf' } as never)
      .where('id' as never, '=', sent.file!.id as never)
      .execute();
    const zip = await t.inject({
      method: 'POST',
      url: '/api/file/downloadZip',
      headers: { ...province, 'content-type': 'application/json' },
      payload: JSON.stringify({ ids: [sent.file!.id], name: 'z\ud800' }),
    });
    expect([200, 400]).toContain(zip.statusCode);
    const zip2 = await t.inject({
      method: 'POST',
      url: '/api/file/downloadZip',
      headers: { ...province, 'content-type': 'application/json' },
      payload: JSON.stringify({ ids: [sent.file!.id] }),
    });
    expect(zip2.statusCode).toBe(200);
    expect(zip2.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('JSON bodies are not coerced: {"ids": true} deletes nothing; forms and query strings still coerce', async () => {
    const rec = await create('不应被删除');
    for (const payload of [
      '{"ids":true}',
      '{"ids":[true]}',
      '{"id":true}',
      `{"ids":"${rec.id}"}`,
      '{"ids":[1.5]}',
      '{"id":[1]}',
    ]) {
      const res = await raw(`${A}/delete`, payload, admin);
      expect(res.statusCode, `${payload} ${res.body}`).toBe(400);
      expect(res.json().result).toBe(INVALID);
    }
    const bools = await raw(`${A}/get`, '{"id":true}', admin);
    expect(bools.statusCode).toBe(400);
    const list = await raw(`${A}/list`, '{"page":"2","pageSize":true}', admin);
    expect(list.statusCode).toBe(400);
    const still = await t.post(`${A}/get`, { subAct: 'a', id: rec.id }, province);
    expect(still.status).toBe(200);
    const seeded = await t.post(`${A}/get`, { subAct: 'a', id: 1 }, admin);
    expect([200, 404]).toContain(seeded.status);
    // Query strings keep their coercion: ?id=… is a number to the route.
    const dl = await t.inject({ method: 'GET', url: '/api/file/download?id=1&subAct=a', headers: admin });
    expect(dl.statusCode).toBeLessThan(500);
    expect(dl.statusCode).not.toBe(400);
    // A form body keeps its coercion too (file calls post forms).
    const form = await t.inject({
      method: 'POST',
      url: '/api/file/links',
      headers: { ...admin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `ids=${rec.id}&subAct=a`,
    });
    expect(form.statusCode).toBe(200);
  });
});

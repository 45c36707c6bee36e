import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { createRecord, publishRecord, resourceWorld } from '../testing/resourceWorld.js';

// The public reads by GET: the same answers as their POST forms, kept by browsers and revalidated by ETag.
type H = Record<string, string>;
let t: TestApp;
let province: H;
beforeAll(async () => {
  ({ t, province } = await resourceWorld(await createTestApp()));
});
afterAll(async () => {
  await t?.close();
});

const LIST = '/api/public/announcement/list';
const get = (url: string, headers: Record<string, string> = {}) => t.inject({ method: 'GET', url, headers });
const query = (q: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(q).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
  ).toString();

describe('public reads by GET', () => {
  it('answers a list as its POST form does, with an ETag that a revalidation matches until a record changes', async () => {
    const title = `缓存通知${Date.now()}`;
    await publishRecord(t, province, await createRecord(t, province, { title }));
    const request = {
      pageId: 'portal/announcement.list',
      page: 1,
      pageSize: 5,
      filters: [{ field: 'title', op: 'like', value: '缓存通知' }],
    };
    const first = await get(`${LIST}?${query(request)}`);
    expect(first.statusCode, first.body).toBe(200);
    const posted = await t.post(LIST, request);
    expect(first.json().data).toEqual(posted.body.data);
    expect(first.json().data.list.map((r: { title: string }) => r.title)).toContain(title);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    const again = await get(`${LIST}?${query(request)}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await publishRecord(t, province, await createRecord(t, province, { title: `${title}续` }));
    const changed = await get(`${LIST}?${query(request)}`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().data.list.map((r: { title: string }) => r.title)).toContain(`${title}续`);
  });

  it('answers one record, and 404 for one that is not public', async () => {
    const rec = await publishRecord(t, province, await createRecord(t, province, { title: '单条公开通知' }));
    const one = await get(`/api/public/announcement/get?id=${rec.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data.title).toBe('单条公开通知');
    expect(one.headers.etag).toBeDefined();
    const draft = await createRecord(t, province, { title: '未发布' });
    expect((await get(`/api/public/announcement/get?id=${draft.id}`)).statusCode).toBe(404);
  });

  it('refuses malformed parameters with 参数不合法 and never 500', async () => {
    const deep = '['.repeat(40) + ']'.repeat(40);
    for (const bad of [
      `${LIST}?filters=%7Bnot-json`,
      `${LIST}?filters=${encodeURIComponent(deep)}`,
      `${LIST}?filters=${encodeURIComponent('[{"field":"title","value":"\\u0000"}]')}`,
      `${LIST}?page=0`,
      `${LIST}?unknown=1`,
      '/api/public/announcement/get?id=abc',
    ]) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().flag).toBe(false);
    }
  });

  it('gives a signed-in reader no ETag (their answers are not kept)', async () => {
    const res = await get(`${LIST}?page=1`, province);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeUndefined();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testApp.js';

let t: TestApp;
type H = Record<string, string>;
let admin: H, city: H;
const D = '/api/resource/dictionary';

beforeAll(async () => {
  t = await createTestApp();
  [admin, city] = await Promise.all([t.loginAs('admin'), t.loginAs('city1123')]);
});
afterAll(async () => {
  await t?.close();
});

async function idOf(type: string): Promise<number> {
  const res = await t.post(
    `${D}/list`,
    { subAct: 'a', filters: [{ field: 'type', op: 'like', value: type }], pageSize: 100 },
    admin,
  );
  return res.body.data.list.find((r: any) => r.type === type).id;
}

describe('dictionaries admin', () => {
  it('lists the types with their option counts; city admins get 403', async () => {
    const res = await t.post(`${D}/list`, { subAct: 'a', pageSize: 100 }, admin);
    expect(res.status).toBe(200);
    const ssxx = res.body.data.list.find((r: any) => r.type === 'ssxx');
    expect(ssxx).toMatchObject({ label: '所属学校类型', optionCount: 11, _perm: { update: true, delete: false } });
    expect((await t.post(`${D}/list`, { subAct: 'a' }, city)).status).toBe(403);
  });

  it('an edited value is what the dictionary endpoints answer, with a new version for open browsers', async () => {
    const id = await idOf('psjb');
    const rec = (await t.post(`${D}/get`, { subAct: 'a', id }, admin)).body.data;
    const v1 = (await t.post('/api/dic/versions')).body.data.psjb;
    const options = rec.options.map((o: any, i: number) => (i === 0 ? { ...o, text: `${o.text}（修订）` } : o));
    const saved = await t.post(
      `${D}/save`,
      {
        subAct: 'a',
        id,
        version: rec.version,
        label: rec.label,
        options: [...options, { value: '9', text: '其他评审' }],
      },
      admin,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await t.post('/api/dic/versions')).body.data.psjb).toBe(v1 + 1);
    const anon = (await t.post('/api/home/getDicListByType?type=psjb', {})).body.data;
    expect(anon[0].text).toContain('（修订）');
    expect(anon.at(-1)).toMatchObject({ value: '9', text: '其他评审' });
    const log = await t.post(`${D}/log`, { subAct: 'a', id }, admin);
    expect(log.body.data[0]).toMatchObject({ actionLabel: '修改字典' });
    // The old version is refused: someone else saved in between.
    const stale = await t.post(`${D}/save`, { subAct: 'a', id, version: rec.version, options: anon }, admin);
    expect(stale.status).toBe(409);
  });

  it('refuses removing a value in use, duplicates, empty names, new types and city admins', async () => {
    const id = await idOf('ssxx');
    const rec = (await t.post(`${D}/get`, { subAct: 'a', id }, admin)).body.data;
    const removed = await t.post(
      `${D}/save`,
      { subAct: 'a', id, version: rec.version, options: rec.options.slice(1) },
      admin,
    );
    expect(removed.status).toBe(400);
    expect(removed.body.data[0].message).toContain('已有的字典值不能删除');
    const dup = await t.post(
      `${D}/save`,
      { subAct: 'a', id, version: rec.version, options: [...rec.options, { value: '1', text: '重复' }] },
      admin,
    );
    expect(dup.body.data[0].message).toContain('重复');
    const empty = await t.post(
      `${D}/save`,
      { subAct: 'a', id, version: rec.version, options: [...rec.options, { value: '50', text: ' ' }] },
      admin,
    );
    expect(empty.body.data[0].message).toContain('名称不能为空');
    expect((await t.post(`${D}/save`, { subAct: 'a', label: '新字典', options: [] }, admin)).status).toBe(403);
    expect(
      (await t.post(`${D}/save`, { subAct: 'a', id, version: rec.version, options: rec.options }, city)).status,
    ).toBe(403);
    expect((await t.post(`${D}/get`, { subAct: 'a', id: 9999 }, admin)).status).toBe(404);
  });

  it("keeps the options' colours through a save: the record shows them, an edit keeps them, the dictionary endpoint answers them", async () => {
    const id = await idOf('yhsq');
    const rec = (await t.post(`${D}/get`, { subAct: 'a', id }, admin)).body.data;
    expect(rec.options[0]).toMatchObject({ value: '0', text: '待审核', color: 'processing' });
    const options = rec.options.map((o: any, i: number) => (i === 1 ? { ...o, text: '已通过' } : o));
    const saved = await t.post(
      `${D}/save`,
      {
        subAct: 'a',
        id,
        version: rec.version,
        label: rec.label,
        options: [...options, { value: '3', text: '已撤回' }],
      },
      admin,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const again = (await t.post(`${D}/get`, { subAct: 'a', id }, admin)).body.data;
    expect(again.options.map((o: any) => o.color ?? null)).toEqual(['processing', 'success', 'error', null]);
    const styled = await t.post(
      `${D}/save`,
      {
        subAct: 'a',
        id,
        version: again.version,
        options: [{ ...again.options[0], color: 'red;background:url(x)' }, ...again.options.slice(1)],
      },
      admin,
    );
    expect(styled.status).toBe(400);
    expect(styled.body.data[0].message).toContain('不是有效的颜色');
    const served = (await t.post('/api/home/getDicListByType?type=yhsq', {})).body.data;
    expect(served).toEqual([
      { value: '0', text: '待审核', color: 'processing' },
      { value: '1', text: '已通过', color: 'success' },
      { value: '2', text: '审核驳回', color: 'error' },
      { value: '3', text: '已撤回' },
    ]);
  });
});

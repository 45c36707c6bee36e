import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testApp.js';
import { fileTestClient } from '../../../platform/testing/fileTestClient.js';

let t: TestApp;
type H = Record<string, string>;
let admin: H, province: H;

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  t = await createTestApp();
  [admin, province] = await Promise.all([t.loginAs('admin'), t.loginAs('province')]);
});
afterAll(async () => {
  await t?.close();
});

describe('site settings and sub-systems', () => {
  it('the super admin changes the system name and logo; querySysName answers them to visitors', async () => {
    const before = await t.post('/api/basicInfoMaintain/querySysName', {});
    expect(before.body.data.systemName).toBe('教育科研课题管理平台');
    const sent = await fileTestClient(t, admin).send(PNG, '标识.png');
    expect(sent.step, JSON.stringify(sent.answer)).toBe('done');
    const fileId = sent.file!.id;
    const res = await t.post(
      '/api/resource/siteSetting/save',
      {
        subAct: 'a',
        id: 1,
        version: 1,
        systemName: '省教育科研课题平台',
        organize: '省教育厅',
        reviewType: '2',
        logo: [fileId],
      },
      admin,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await t.post('/api/basicInfoMaintain/querySysName', {});
    expect(after.body.data).toMatchObject({ systemName: '省教育科研课题平台', reviewType: '2', organize: '省教育厅' });
    expect(after.body.data.logImage).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    const got = await t.post('/api/resource/siteSetting/get', { subAct: 'a', id: 1 }, admin);
    expect(got.body.data.logo).toEqual([expect.objectContaining({ id: fileId })]);
    const log = await t.post('/api/resource/siteSetting/log', { subAct: 'a', id: 1 }, admin);
    expect(log.body.data[0]).toMatchObject({
      actionLabel: '修改系统设置',
      comment: expect.stringContaining('系统名称'),
    });
    expect(
      (await t.post('/api/resource/siteSetting/save', { subAct: 'a', id: 1, version: 1, systemName: 'x' }, province))
        .status,
    ).toBe(403);
    const empty = await t.post(
      '/api/resource/siteSetting/save',
      { subAct: 'a', id: 1, version: 1, systemName: '' },
      admin,
    );
    expect(empty.body.data).toEqual([expect.objectContaining({ field: 'systemName', message: '系统名称不能为空' })]);
  });

  it('lists, adds, re-flags the default and refuses deleting the default sub-system', async () => {
    const list = await t.post('/api/resource/subSystem/list', { subAct: 'a' }, province);
    expect(list.body.data.list.map((s: any) => s.systemName)).toEqual([
      '教育科学规划课题管理',
      '基础教育教学研究课题管理',
    ]);
    const created = await t.post(
      '/api/resource/subSystem/save',
      { subAct: 'a', code: 'zjjy', systemName: '职业教育课题管理', organize: '省职业教育研究所', defaultFlag: true },
      admin,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const shown = await t.post('/api/basicInfoMaintain/listBasicInfoMaintain', { subAct: 'a' });
    expect(shown.body.data.find((s: any) => s.defaultFlag === 1).systemName).toBe('职业教育课题管理');
    const del = await t.post('/api/resource/subSystem/delete', { subAct: 'a', ids: [created.body.data.id] }, admin);
    expect(del.body).toMatchObject({ flag: false, result: '默认子系统不能删除' });
    expect(
      (
        await t.post(
          '/api/resource/subSystem/save',
          { subAct: 'a', code: 'abc', systemName: 'x', organize: 'y' },
          province,
        )
      ).status,
    ).toBe(403);
  });
});

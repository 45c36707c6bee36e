import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDef } from '../../../shared/schema/types.js';
import type { SessionUser } from '../auth/sessions.js';
import { createTestApp, type TestApp } from '../../testApp.js';
import { DictionaryValues } from '../records/dictionaries.js';
import { validateFields } from './validate.js';

const probe: EntityDef = {
  name: 'probe',
  label: '探针',
  fields: {
    subject: { type: 'string', label: '学科', dict: 'xkfl' },
    tags: { type: 'string', label: '标签', dict: 'xkfl', multiple: true },
    count: { type: 'integer', label: '数量', minimum: 1, maximum: 10 },
    ratio: { type: 'number', label: '比例' },
    day: { type: 'date', label: '日期' },
    at: { type: 'datetime', label: '时间' },
    phone: { type: 'string', label: '手机', pattern: '^1[3-9]\\d{9}$', patternMessage: '手机号格式不正确' },
    flag: { type: 'boolean', label: '标志' },
    extra: { type: 'json', label: '附加' },
    name: { type: 'string', label: '名称', textFilter: true },
    members: {
      type: 'json',
      label: '成员',
      rows: {
        fields: {
          idCard: { type: 'string', label: '身份证号', format: 'idCard' },
          subject: { type: 'string', label: '学科', dict: 'xkfl' },
        },
      },
    },
    phases: {
      type: 'json',
      label: '阶段',
      rows: {
        fields: { startDate: { type: 'date', label: '开始日期' }, endDate: { type: 'date', label: '结束日期' } },
        checks: [{ field: 'endDate', notBefore: 'startDate' }],
      },
    },
  },
  access: { read: [], create: [], update: [], delete: [] },
};
const user = { userId: 1, roleCode: '2', roles: ['2'], areaCode: null } as unknown as SessionUser;

let t: TestApp;
let dicts: DictionaryValues;
beforeAll(async () => {
  t = await createTestApp();
  dicts = new DictionaryValues(t.ctx);
});
afterAll(async () => {
  await t?.close();
});

const check = (body: Record<string, unknown>) => validateFields(t.ctx, dicts, probe, body, null, user);
async function errorsOf(body: Record<string, unknown>) {
  try {
    await check(body);
    return [];
  } catch (e: any) {
    return e.details as { field: string; message: string }[];
  }
}

describe('validateFields', () => {
  it('normalises good values', async () => {
    const { values } = await check({
      subject: '1',
      tags: ['1', 2],
      count: '3',
      ratio: 0.5,
      day: '2026-03-01',
      at: '2026-03-01T08:30',
      phone: '13912345678',
      flag: 'true',
      extra: { a: [1] },
    });
    expect(values).toEqual({
      subject: '1',
      tags: ['1', '2'],
      count: 3,
      ratio: 0.5,
      day: '2026-03-01',
      at: '2026-03-01 08:30:00',
      phone: '13912345678',
      flag: true,
      extra: { a: [1] },
    });
  });

  it('names every bad field with its message', async () => {
    expect(
      await errorsOf({
        subject: 'nope',
        tags: 'x',
        count: 11,
        ratio: 'abc',
        day: '2026-02-30',
        at: 'yesterday',
        phone: '123',
        flag: 'maybe',
      }),
    ).toEqual([
      { field: 'subject', label: '学科', message: '学科的取值不在字典范围内' },
      { field: 'tags', label: '标签', message: '标签的取值不在字典范围内' },
      { field: 'count', label: '数量', message: '数量不能大于10' },
      { field: 'ratio', label: '比例', message: '比例必须是数字' },
      { field: 'day', label: '日期', message: '日期格式不正确' },
      { field: 'at', label: '时间', message: '时间格式不正确' },
      { field: 'phone', label: '手机', message: '手机号格式不正确' },
      { field: 'flag', label: '标志', message: '标志格式不正确' },
    ]);
    expect(await errorsOf({ count: 1.5 })).toEqual([{ field: 'count', label: '数量', message: '数量必须是整数' }]);
  });

  it("refuses rows of a json field like fields, each at its cell's path", async () => {
    expect(
      await errorsOf({
        members: [
          { idCard: '11010519491231002X', subject: '1' },
          { idCard: 'bad-id', subject: 'nope' },
        ],
        phases: [{ startDate: '2026-05-01', endDate: '2026-04-01' }],
      }),
    ).toEqual([
      { field: 'members[1].idCard', label: '成员', message: '成员第2行：身份证号格式不正确' },
      { field: 'members[1].subject', label: '成员', message: '成员第2行：学科的取值不在字典范围内' },
      { field: 'phases[0].endDate', label: '阶段', message: '阶段第1行：结束日期不能早于开始日期' },
    ]);
    const { values } = await check({
      members: [{ idCard: '11010519491231002X', subject: '1' }],
      phases: [{ startDate: '2026-04-01', endDate: '2026-05-01' }],
    });
    expect(values.members).toEqual([{ idCard: '11010519491231002X', subject: '1' }]);
  });

  it('refuses emoji and symbols in a field with the text filter', async () => {
    expect(await errorsOf({ name: '课题😀' })).toEqual([
      { field: 'name', label: '名称', message: '名称不能包含表情或特殊字符' },
    ]);
    expect((await check({ name: '课题（一）：设计。' })).values.name).toBe('课题（一）：设计。');
  });

  it('reads dictionary values from the database, where administrators edit them', async () => {
    const db = t.ctx.database.db;
    await db
      .insertInto('dictionary_items')
      .values({ type: 'xkfl', value: '990', text: '新增学科', sort_no: 990 })
      .execute();
    expect(await errorsOf({ subject: '990' })).toEqual([]);
    await db.deleteFrom('dictionary_items').where('type', '=', 'xkfl').where('value', '=', '1').execute();
    expect(await errorsOf({ subject: '1' })).toEqual([
      { field: 'subject', label: '学科', message: '学科的取值不在字典范围内' },
    ]);
  });

  it('refuses a save that leaves every field of a requireOneOf group empty, once, at its first field', async () => {
    const either: EntityDef = {
      ...probe,
      fields: { ...probe.fields, mail: { type: 'string', label: '邮箱' } },
      requireOneOf: [{ fields: ['phone', 'mail'], message: '请输入手机或邮箱' }],
    };
    const save = (body: Record<string, unknown>, existing: Record<string, unknown> | null = null) =>
      validateFields(t.ctx, dicts, either, body, existing as never, user).then(
        () => [],
        (e: any) => e.details,
      );
    expect(await save({ name: '甲' })).toEqual([{ field: 'phone', label: '手机', message: '请输入手机或邮箱' }]);
    expect(await save({ phone: '', mail: '' })).toEqual([
      { field: 'phone', label: '手机', message: '请输入手机或邮箱' },
    ]);
    expect(await save({ mail: 'a@b.cn' })).toEqual([]);
    // The record as it will be after the save: a value it keeps counts; one the save clears does not.
    expect(await save({ name: '甲' }, { id: 1, mail: 'a@b.cn' })).toEqual([]);
    expect(await save({ mail: '' }, { id: 1, mail: 'a@b.cn' })).toEqual([
      { field: 'phone', label: '手机', message: '请输入手机或邮箱' },
    ]);
    // A field of the group refused for its own value is said once, not twice.
    expect(await save({ phone: '123' })).toEqual([{ field: 'phone', label: '手机', message: '手机号格式不正确' }]);
  });
});

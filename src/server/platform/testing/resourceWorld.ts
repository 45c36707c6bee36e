import { expect } from 'vitest';
import type { TestApp } from './testApp.js';

type H = Record<string, string>;

/** For the resource tests: the test app given and the headers of five demo accounts, signed in at once. */
export async function resourceWorld(t: TestApp) {
  const [province, city1123, city1101, leader, admin] = await Promise.all([
    t.loginAs('province'),
    t.loginAs('city1123'),
    t.loginAs('city1101'),
    t.loginAs('leader1'),
    t.loginAs('admin'),
  ]);
  return { t, province, city1123, city1101, leader, admin };
}

/** Saves a new record (an announcement unless told) as `h`, expecting success. */
export async function createRecord(t: TestApp, h: H, fields: Record<string, unknown> = {}, entity = 'announcement') {
  const res = await t.post(
    `/api/resource/${entity}/save`,
    { subAct: 'a', title: '关于开展课题申报的通知', content: '<p>正文</p>', ...fields },
    h,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** Fires `publish` on a record as `h`, expecting success. */
export async function publishRecord(t: TestApp, h: H, rec: { id: number; version: number }, entity = 'announcement') {
  const res = await t.post(
    `/api/resource/${entity}/transition`,
    { subAct: 'a', id: rec.id, version: rec.version, action: 'publish' },
    h,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

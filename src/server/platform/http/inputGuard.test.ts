import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { compileEveryValidator } from './inputGuard.js';

/** Route validators wait for their route's first call; every one of them must still compile. */
describe('route validators', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('compile for every route the app declares', () => {
    expect(() => compileEveryValidator()).not.toThrow();
  });

  it('check each request once compiled: a body field of the wrong type is refused, a right one served', async () => {
    const headers = await t.loginAs('province');
    const wrong = await t.post('/api/resource/announcement/list', { page: 'one', pageSize: 10 }, headers);
    expect(wrong.status).toBe(400);
    expect(wrong.body.result).toBe('参数不合法');
    const listed = await t.post('/api/resource/announcement/list', { page: 1, pageSize: 10 }, headers);
    expect(listed.body.flag).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/testApp.js';
import { CONTENT_SECURITY_POLICY } from './securityHeaders.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

describe('security headers', () => {
  it('come with every answer of the API, errors and refusals included', async () => {
    const auth = await t.loginAs('province');
    const answers = [
      await t.inject({ method: 'POST', url: '/api/basicInfoMaintain/querySysName', payload: {} }),
      await t.inject({ method: 'POST', url: '/api/resource/topic/list', headers: auth, payload: { page: 1, pageSize: 1 } }),
      await t.inject({ method: 'POST', url: '/api/resource/topic/list', payload: {} }),
      await t.inject({ method: 'GET', url: '/api/no/such/call' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 401, 404]);
    for (const res of answers) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    }
  });
});

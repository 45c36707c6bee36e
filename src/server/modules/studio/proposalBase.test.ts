import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { PROPOSAL_MESSAGES } from './proposals.js';

/**
 * An approval checks the version its proposal was made against: once the document was published
 * again in the meantime, approving would overwrite that newer work, so it is refused in Chinese and
 * the proposal stays pending (to be rejected and proposed again on the current version).
 */
let t: TestApp;
type H = Record<string, string>;
let analyst: H;
let admin: H;
const KEY = 'entities/topic';

beforeAll(async () => {
  t = await createTestApp();
  analyst = await t.loginAs('analyst1');
  admin = await t.loginAs('admin');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function topic(): Promise<any> {
  return JSON.parse((await t.post('/api/studio/get', { key: KEY }, analyst)).body.data.content);
}

async function propose(entity: any): Promise<number> {
  const res = await t.post(
    '/api/studio/publish',
    { key: KEY, content: JSON.stringify(entity), reason: '所有角色可查看全部课题' },
    analyst,
  );
  expect(res.body.result, JSON.stringify(res.body)).toBe(PROPOSAL_MESSAGES.proposed);
  return res.body.data.proposalId;
}

describe('approval of a proposal made on an older version', () => {
  it('is refused once the document was published since, and keeps the newer work', async () => {
    const wide = await topic();
    wide.access.read = [{ roles: ['1', '2', '3', '4', '5'], scope: 'all' }];
    const id = await propose(wide);

    const renamed = await topic();
    renamed.fields.name.label = '课题名称（新）';
    const published = await t.post(
      '/api/studio/publish',
      { key: KEY, content: JSON.stringify(renamed), reason: '改课题名称的标签' },
      analyst,
    );
    expect(published.status, JSON.stringify(published.body)).toBe(200);

    const approved = await t.post('/api/studio/approve', { id }, admin);
    expect(approved.status).toBe(409);
    expect(approved.body.result).toBe(PROPOSAL_MESSAGES.stale(KEY));
    const now = await topic();
    expect(now.fields.name.label).toBe('课题名称（新）');
    expect(now.access.read).not.toEqual(wide.access.read);
    const pending = (await t.post('/api/studio/proposals', { status: 'pending' }, admin)).body.data.items;
    expect(pending.map((p: { id: number }) => p.id)).toContain(id);

    // Proposed again on the current version, it is approved.
    const again = await topic();
    again.access.read = wide.access.read;
    const second = await propose(again);
    const ok = await t.post('/api/studio/approve', { id: second }, admin);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const after = await topic();
    expect(after.fields.name.label).toBe('课题名称（新）');
    expect(after.access.read).toEqual(wide.access.read);
  });
});

describe('a super admin’s own proposal', () => {
  it('is approved by the second demo super admin, admin2', async () => {
    const wide = await topic();
    wide.access.read = [...wide.access.read, { roles: ['6'], scope: 'all' }];
    const res = await t.post(
      '/api/studio/publish',
      { key: KEY, content: JSON.stringify(wide), reason: '配置管理员可查看全部课题' },
      admin,
    );
    expect(res.body.result, JSON.stringify(res.body)).toBe(PROPOSAL_MESSAGES.proposed);
    const id = res.body.data.proposalId;
    const servedBefore = (await t.post('/api/studio/get', { key: KEY }, analyst)).body.data.published;
    expect((await t.post('/api/studio/approve', { id }, admin)).body.result).toBe(PROPOSAL_MESSAGES.ownProposal);
    const ok = await t.post('/api/studio/approve', { id }, await t.loginAs('admin2'));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await topic()).access.read).toEqual(wide.access.read);
    // Every studio answer names the newer set, so an open studio reads the approved texts again.
    const checked = await t.post('/api/studio/check', { key: KEY, content: '{' }, analyst);
    expect(checked.body.data.published).toBe(ok.body.data.id);
    expect(ok.body.data.id).toBeGreaterThan(servedBefore);
  });
});

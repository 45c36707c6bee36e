import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDef } from '../../../shared/schema/types.js';
import type { Rule } from '../../../shared/rules/Rule.js';
import { RULE_BUDGET_MESSAGE } from '../../../shared/rules/evaluate.js';
import { createTestApp, type TestApp } from '../../testApp.js';
import { newTopic, publishNotice } from '../../modules/topics/topics.fixture.js';

/**
 * A costly rule the checker would refuse, forced into a running app: the list it guards answers
 * a clear error for that request, and another user's call made beside it is answered as usual.
 * The studio refuses the same rule with its pointer and the reason.
 */
let t: TestApp;
const long = Array.from({ length: 1500 }, (_, i) => `v${i}`);
const costly: Rule = { some: [long, { some: [long, { in: [{ var: 'item' }, ['never']] }] }] };

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('rule evaluation budget', () => {
  it('refuses the costly rule when it is published', async () => {
    const analyst = await t.loginAs('analyst1');
    const got = await t.post('/api/studio/get', { key: 'entities/topic' }, analyst);
    const entity = JSON.parse(got.body.data.content) as EntityDef;
    entity.access.update = [...(entity.access.update ?? []), { roles: ['4'], scope: 'own', when: costly }];
    const res = await t.post(
      '/api/studio/publish',
      { key: 'entities/topic', content: JSON.stringify(entity), reason: '代价过高的规则' },
      analyst,
    );
    expect(res.status).toBe(400);
    const at = `/access/update/${entity.access.update.length - 1}/when`;
    const problem = res.body.data.problems.find((p: { path: string }) => p.path === at);
    expect(problem.message).toMatch(/^规则代价超出限制：.*规则计算量过大/);
  });

  it('ends the request of the list it guards with a clear error; a call beside it is served', async () => {
    const leader1 = await t.loginAs('leader1');
    const province = await t.loginAs('province');
    const list = (h: Record<string, string>) =>
      t.post('/api/resource/topic/list', { subAct: 'a', page: 1, pageSize: 10 }, h);
    await newTopic(t, leader1, (await publishNotice(t, province)).id, '预算之内的课题');
    expect((await list(leader1)).body.data.total).toBeGreaterThan(0);
    const topic = t.ctx.schemas.entities.get('topic')!;
    const forced: EntityDef = {
      ...topic,
      access: { ...topic.access, update: [{ roles: ['4'], scope: 'own', when: costly }, ...topic.access.update] },
    };
    t.ctx.schemas.entities.set('topic', forced);
    try {
      const [slow, beside] = await Promise.all([list(leader1), list(province)]);
      expect(slow.status, JSON.stringify(slow.body).slice(0, 300)).toBe(503);
      expect(slow.body.result).toBe(RULE_BUDGET_MESSAGE);
      expect(beside.status).toBe(200);
      expect(beside.body.data.list.length).toBeGreaterThan(0);
      // Each request has a budget of its own: the next call of another user is served too.
      expect((await list(province)).status).toBe(200);
    } finally {
      t.ctx.schemas.entities.set('topic', topic);
    }
    expect((await list(leader1)).status).toBe(200);
  });

  it("keeps another user's calls unblocked while the costly list is asked again and again", async () => {
    const leader1 = await t.loginAs('leader1');
    const province = await t.loginAs('province');
    const list = (h: Record<string, string>) =>
      t.post('/api/resource/topic/list', { subAct: 'a', page: 1, pageSize: 10 }, h);
    // A topic of leader1's own, whose update rule the list evaluates.
    await newTopic(t, leader1, (await publishNotice(t, province)).id, '预算之内的另一项课题');
    const topic = t.ctx.schemas.entities.get('topic')!;
    t.ctx.schemas.entities.set('topic', {
      ...topic,
      access: { ...topic.access, update: [{ roles: ['4'], scope: 'own', when: costly }, ...topic.access.update] },
    });
    let running = true;
    const answers: number[] = [];
    const hammer = async () => {
      while (running) answers.push((await list(leader1)).status);
    };
    const beside: number[] = [];
    try {
      const hammers = [hammer(), hammer()];
      for (let i = 0; i < 30; i++) {
        const t0 = performance.now();
        const res = await list(province);
        beside.push(performance.now() - t0);
        expect(res.status).toBe(200);
      }
      running = false;
      await Promise.all(hammers);
    } finally {
      running = false;
      t.ctx.schemas.entities.set('topic', topic);
    }
    expect(answers.length).toBeGreaterThan(2);
    expect(new Set(answers)).toEqual(new Set([503]));
    // Unbounded, one evaluation of this rule holds the event loop for seconds (about 6.75 million
    // steps); within its budget the slowest of the other user's calls stays far below that, even on
    // a loaded machine.
    expect(Math.max(...beside)).toBeLessThan(1500);
  });
});

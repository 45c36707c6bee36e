import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/envelope.js';
import type { EntityDef, WorkflowDef } from '../../../shared/schema/types.js';
import { KyselyRecordStore, type RecordStore } from '../../platform/records/RecordStore.js';
import { createTestApp, type TestApp } from '../../testApp.js';
import { attachReport, newTopic, publishNotice, STAGE_REPORTS } from './topics.fixture.js';
import { WORKFLOW_MESSAGES } from '../../platform/workflow/engine.js';

type H = Record<string, string>;
const USERS = ['admin', 'province', 'city1123', 'city1101', 'leader1', 'leader2', 'expert1'] as const;
type U = (typeof USERS)[number];

/**
 * Who may fire each action on leader1's topic (area 1123), written out from SPEC §4 and WORKFLOW.md
 * rather than read from topic.json, so the schema is checked too. The status decides the rest.
 */
const WHO: Record<string, U[]> = {
  submit: ['leader1'],
  revoke: ['leader1'],
  sendCityReview: ['city1123'],
  endCityReview: ['city1123'],
  cityApprove: ['city1123'],
  cityReturn: ['city1123'],
  provinceApprove: ['admin', 'province'],
  provinceReturn: ['admin', 'province'],
  expire: [],
  withdraw: [],
};
/** Users who cannot even read leader1's topic: refused as if it did not exist (404), like its get. */
const BLIND: U[] = ['city1101', 'leader2', 'expert1'];

describe('topic workflow permissions over HTTP (SQLite and PostgreSQL)', () => {
  let t: TestApp;
  let store: RecordStore;
  let entity: EntityDef;
  let workflow: WorkflowDef;
  const h = {} as Record<U, H>;
  let noticeId: number;
  beforeAll(async () => {
    t = await createTestApp();
    store = KyselyRecordStore.of(t.ctx.database);
    entity = t.ctx.schemas.entities.get('topic')!;
    workflow = t.ctx.schemas.workflows.get('topic')!;
    for (const u of USERS) h[u] = await t.loginAs(u);
    noticeId = (await publishNotice(t, h.province, { stage: 1 })).id;
    for (const stage of [2, 3, 4, 5]) await publishNotice(t, h.province, { stage });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  /** Puts the topic in a status (and that status's stage) through the store, as the engine would leave it. */
  async function setStatus(id: number, status: string): Promise<{ id: number; version: number }> {
    const rec = (await store.get(entity, id))!;
    const stage = workflow.statuses.find((s) => s.code === status)?.stage ?? (status === '28' ? 2 : rec.stage);
    expect(await store.update(entity, { ...rec, status, stage }, rec.version)).toBe(true);
    return { id, version: rec.version + 1 };
  }
  const fire = (u: U, rec: { id: number; version: number }, action: string) =>
    t.post(
      '/api/resource/topic/transition',
      { subAct: 'a', id: rec.id, version: rec.version, action, comment: '审核意见' },
      h[u],
    );
  const logCount = async (id: number) => (await store.logs(entity, id)).length;

  it('lets exactly the named roles fire each action from each status; everyone else is refused and nothing changes', async () => {
    let topic = await newTopic(t, h.leader1, noticeId, '权限矩阵课题');
    // Every stage's report is on the record, so each stage's submit meets its `requires`.
    for (const field of STAGE_REPORTS) topic = await attachReport(t, h.leader1, topic, field);
    const actions = [...new Set(workflow.transitions.map((x) => x.action))];
    expect(actions.sort()).toEqual(Object.keys(WHO).sort());
    let allowedCount = 0;
    for (const action of actions) {
      for (const { code: status } of workflow.statuses) {
        // The schema's from lists name where each action applies. Their rules hold here: revocation's
        // for area 1123, and one of the three submits from 28 for the stage setStatus gives it (2).
        const applies = workflow.transitions.some((x) => x.action === action && x.from.includes(status));
        for (const u of USERS) {
          const rec = await setStatus(topic.id, status);
          const logsBefore = await logCount(topic.id);
          const res = await fire(u, rec, action);
          const what = `${u} ${action} from ${status}: ${JSON.stringify(res.body)}`;
          if (applies && WHO[action].includes(u)) {
            expect(res.status, what).toBe(200);
            expect(res.body.data.status, what).not.toBe(status);
            expect(await logCount(topic.id), what).toBe(logsBefore + 1);
            allowedCount += 1;
            continue;
          }
          expect(res.status, what).toBe(BLIND.includes(u) ? 404 : 403);
          if (!BLIND.includes(u)) expect(res.body.result, what).toBe(WORKFLOW_MESSAGES.notAllowed);
          const after = (await store.get(entity, topic.id))!;
          expect([after.status, after.version], what).toEqual([status, rec.version]);
          expect(await logCount(topic.id), what).toBe(logsBefore);
        }
      }
    }
    // Every (action, from) pair of the schema with a named actor succeeded for that actor (28 counted once for submit).
    const pairs = workflow.transitions
      .filter((x) => x.actor !== 'system')
      .reduce((n, x) => n + x.from.length * WHO[x.action].length, 0);
    expect(allowedCount).toBe(pairs - 2 * WHO.submit.length);
  }, 240_000);

  it('makes exactly one transition of 50 concurrent approvals of one version; the others hear it was changed', async () => {
    const topic = await newTopic(t, h.leader1, (await publishNotice(t, h.province, { stage: 1 })).id, '并发审核课题');
    const rec = await setStatus(topic.id, '2');
    const logsBefore = await logCount(topic.id);
    const answers = await Promise.all(Array.from({ length: 50 }, () => fire('city1123', rec, 'cityApprove')));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0].body.data.status).toBe('4');
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(409);
      expect(a.body).toMatchObject({ flag: false, result: MESSAGES.staleVersion });
    }
    const after = (await store.get(entity, topic.id))!;
    expect([after.status, after.version]).toEqual(['4', rec.version + 1]);
    const logs = (await store.logs(entity, topic.id)).slice(logsBefore);
    expect(logs.map((l) => [l.action, l.fromStatus, l.toStatus])).toEqual([['cityApprove', '2', '4']]);
  }, 60_000);
});

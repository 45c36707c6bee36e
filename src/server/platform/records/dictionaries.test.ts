import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { readSetting, writeSetting } from '../reference/settingsStore.js';

describe('dictionary values a save may choose', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const batch = (stage: string) => ({
    subAct: 'a',
    name: `评审批次${stage}`,
    level: '1',
    stage,
    targetEntity: 'topic',
    startTime: '2020-01-01 00:00:00',
    endTime: '2099-12-31 23:59:59',
    blind: true,
    outOfArea: false,
    expertsPerTopic: 3,
    rule: '2',
    disagreementThreshold: 20,
    criteria: [{ name: '选题价值', maxScore: 100, weight: 1 }],
    recommendations: ['同意'],
  });

  it('serves the site flag isTopicAppraisal and, when it is 0, refuses the review stage 成果鉴定评审 (SPEC §5)', async () => {
    const sys = await t.post('/api/basicInfoMaintain/querySysName', {});
    expect(sys.body.data.isTopicAppraisal).toBe(1);
    const province = await t.loginAs('province');
    expect((await t.post('/api/resource/reviewBatch/save', batch('4'), province)).status).toBe(200);

    const site = await readSetting<Record<string, unknown>>(t.ctx.database.db, 'site');
    await writeSetting(t.ctx.database.db, 'site', { ...site, isTopicAppraisal: 0 });
    expect((await t.post('/api/basicInfoMaintain/querySysName', {})).body.data.isTopicAppraisal).toBe(0);
    const refused = await t.post('/api/resource/reviewBatch/save', batch('4'), province);
    expect(refused.status).toBe(400);
    expect(refused.body.data).toEqual([
      expect.objectContaining({ field: 'stage', message: '评审阶段的取值不在字典范围内' }),
    ]);
    expect((await t.post('/api/resource/reviewBatch/save', batch('3'), province)).status).toBe(200);
  });
});

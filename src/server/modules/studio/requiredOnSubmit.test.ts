import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { newTopic, publishNotice } from '../topics/topics.fixture.js';

/**
 * One meaning of required: a field published as required on the topic is checked when a draft is
 * submitted (not only when it is saved), and one required only to leave a draft lets the draft save
 * without it; the submit is refused naming the field, with the message a save gives.
 */
let t: TestApp;
type H = Record<string, string>;
let analyst: H;
let leader1: H;
let province: H;

beforeAll(async () => {
  t = await createTestApp();
  analyst = await t.loginAs('analyst1');
  leader1 = await t.loginAs('leader1');
  province = await t.loginAs('province');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function publishTopicField(def: Record<string, unknown>, reason: string) {
  const got = await t.post('/api/studio/get', { key: 'entities/topic' }, analyst);
  const entity = JSON.parse(got.body.data.content);
  entity.fields.partnerUnit = { type: 'string', label: '走查合作单位', maxLength: 50, ...def };
  const res = await t.post(
    '/api/studio/publish',
    { key: 'entities/topic', content: JSON.stringify(entity), reason, confirm: true },
    analyst,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const submit = (rec: { id: number; version: number }) =>
  t.post(
    '/api/resource/topic/transition',
    { subAct: 'a', id: rec.id, version: rec.version, action: 'submit' },
    leader1,
  );

describe('required on a published field', () => {
  it('refuses the submit of a draft saved before the field was published, naming the field', async () => {
    const draft = await newTopic(t, leader1, (await publishNotice(t, province)).id, '合作单位前的草稿');
    await publishTopicField({ required: true }, '增加走查合作单位（必填）');
    const refused = await submit(draft);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.data).toEqual([
      expect.objectContaining({ field: 'partnerUnit', message: '走查合作单位不能为空' }),
    ]);
    const still = await t.post('/api/resource/topic/get', { subAct: 'a', id: draft.id }, leader1);
    expect(still.body.data.status).toBe('0');
  });

  it('lets a draft save without a field required only on submit, and refuses the submit naming it', async () => {
    await publishTopicField({ required: true, requiredOn: 'submit' }, '走查合作单位提交时必填');
    const draft = await newTopic(t, leader1, (await publishNotice(t, province)).id, '暂不填合作单位的草稿');
    expect(draft.id).toBeGreaterThan(0);
    const refused = await submit(draft);
    expect(refused.status).toBe(400);
    expect(refused.body.data).toEqual([
      expect.objectContaining({ field: 'partnerUnit', message: '走查合作单位不能为空' }),
    ]);
    const filled = await t.post(
      '/api/resource/topic/save',
      { subAct: 'a', id: draft.id, version: draft.version, partnerUnit: '市教科院' },
      leader1,
    );
    expect(filled.status, JSON.stringify(filled.body)).toBe(200);
    const ok = await submit(filled.body.data);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.status).toBe('2');
  });
});

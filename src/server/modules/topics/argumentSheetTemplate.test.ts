import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { zipEntries } from '../../platform/testing/zipEntries.js';
import { NO_SHEET_ASKED } from './argumentSheetTemplate.js';
import { publishNotice } from './topics.fixture.js';

type H = Record<string, string>;
let t: TestApp;
let leader: H, province: H;

beforeAll(async () => {
  t = await createTestApp();
  [leader, province] = await Promise.all(['leader1', 'province'].map((u) => t.loginAs(u)));
});
afterAll(async () => {
  await t?.close();
});

const template = (id: number | string, h: H) =>
  t.inject({ method: 'GET', url: `/api/topics/argumentSheetTemplate?id=${id}`, headers: h });

describe('下载活页模板: a blank 课题论证活页 of a notice that asks for one', () => {
  it('gives an applicant a Word document with the 活页’s headings and its rule, naming nobody', async () => {
    const notice = await publishNotice(t, province, {
      stage: 1,
      title: '关于开展活页模板测试课题申报工作的通知',
      extra: { argumentSheet: true },
    });
    const res = await template(notice.id, leader);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('课题论证活页模板.docx'));
    const body = (await zipEntries(res.rawPayload)).get('word/document.xml')!.toString('utf8');
    for (const words of [
      '课题论证活页',
      '关于开展活页模板测试课题申报工作的通知',
      '不得出现申请人姓名、单位、课题组成员、身份证号和电话等信息',
      '一、选题依据',
      '二、研究内容',
      '三、研究思路与方法',
      '四、研究基础与条件保障',
      '五、预期成果',
    ])
      expect(body).toContain(words);
  });

  it('says a notice that does not ask has none, and keeps a notice the user may not read to itself', async () => {
    const plain = await publishNotice(t, province, { stage: 1 });
    const res = await template(plain.id, leader);
    expect(res.statusCode).toBe(400);
    expect(res.json().result).toBe(NO_SHEET_ASKED);
    const draft = await publishNotice(t, province, { stage: 1, publish: false, extra: { argumentSheet: true } });
    expect((await template(draft.id, leader)).statusCode).toBe(404);
    expect((await template(draft.id, province)).statusCode).toBe(200);
    expect((await template('x', leader)).statusCode).toBe(400);
  });

  it('the notice list offers 下载活页模板 only on a notice that asks for the 活页', () => {
    const page = t.ctx.schemas.pages.get('topics/notice.list') as unknown as {
      rowActions: Array<{ type: string; label: string; url?: string; visible?: unknown }>;
    };
    const action = page.rowActions.find((a) => a.label === '下载活页模板')!;
    expect(action).toMatchObject({ type: 'download', url: 'topics/argumentSheetTemplate?id=:id' });
    expect(JSON.stringify(action.visible)).toContain('record.argumentSheet');
  });
});

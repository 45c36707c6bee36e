import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDef, WorkflowDef } from '../../../shared/schema/types.js';
import { createTestApp, type TestApp } from '../testing/testApp.js';
import { fieldDiff, type DictLabels } from './fieldDiff.js';
import { applicationBody, publishNotice } from '../../modules/topics/topicFixture.js';

const entity: EntityDef = {
  name: 'sample',
  label: '样例',
  access: { read: [], create: [], update: [], delete: [] },
  fields: {
    status: { type: 'string', label: '状态', readOnly: true },
    name: { type: 'string', label: '名称' },
    subject: { type: 'string', label: '学科', dict: 'xkfl' },
    results: { type: 'string', label: '预期成果', dict: 'ycxg', multiple: true },
    idCard: { type: 'string', label: '身份证号', mask: 'idCard' },
    mobile: { type: 'string', label: '手机号', mask: 'phone' },
    doc: { type: 'files', label: '申报书' },
    body: { type: 'richtext', label: '正文' },
    members: { type: 'json', label: '成员' },
    open: { type: 'boolean', label: '公开' },
  },
};
const workflow = { field: 'status' } as WorkflowDef;
const labels: DictLabels = new Map([
  [
    'xkfl',
    new Map([
      ['01', '教育学'],
      ['02', '心理学'],
    ]),
  ],
  [
    'ycxg',
    new Map([
      ['1', '论文'],
      ['2', '专著'],
    ]),
  ],
]);

describe('fieldDiff', () => {
  it('lists only changed fields, with labels, dictionary texts, masks, file names and plain text', () => {
    const before = {
      status: '0',
      name: '旧名',
      subject: '01',
      results: ['1'],
      idCard: '130102199001011234',
      mobile: '13812345678',
      doc: [{ fileId: 1, fileName: '申报书.docx' }],
      body: '<p>旧</p>',
      members: [{ name: '张三', unit: '一中' }],
      open: false,
    };
    const after = {
      ...before,
      status: '2',
      name: '新名',
      subject: '02',
      results: ['1', '2'],
      idCard: '130102199001015678',
      mobile: '13900001111',
      doc: [{ fileId: 2, fileName: '申报书（修改）.docx' }],
      body: '<p>新的<b>正文</b></p>',
      members: [{ unit: '一中', name: '张三' }],
      open: true,
    };
    const diff = fieldDiff(entity, workflow, before, after, labels);
    expect(diff).toEqual([
      { field: 'name', label: '名称', from: '旧名', to: '新名' },
      { field: 'subject', label: '学科', from: '教育学', to: '心理学' },
      { field: 'results', label: '预期成果', from: '论文', to: '论文、专著' },
      { field: 'idCard', label: '身份证号', from: '1301**********1234', to: '1301**********5678' },
      { field: 'mobile', label: '手机号', from: '13*****5678', to: '13*****1111' },
      { field: 'doc', label: '申报书', from: '申报书.docx', to: '申报书（修改）.docx' },
      { field: 'body', label: '正文', from: '旧', to: '新的 正文' },
      { field: 'open', label: '公开', from: '否', to: '是' },
    ]);
    // Members only changed key order: not a change. Status is the log row's from → to, not a field change.
    expect(diff.some((c) => c.field === 'members' || c.field === 'status')).toBe(false);
  });

  it('treats empty values alike and lists every given field of a new record', () => {
    expect(fieldDiff(entity, workflow, { name: '', results: [] }, { name: null, results: null }, labels)).toEqual([]);
    const created = fieldDiff(
      entity,
      workflow,
      null,
      { name: '课题', members: [{ name: '李四', unit: '二中' }], doc: [] },
      labels,
    );
    expect(created).toEqual([
      { field: 'name', label: '名称', from: null, to: '课题' },
      { field: 'members', label: '成员', from: null, to: '李四，二中' },
    ]);
  });
});

describe('operation log keeps the field diff of every save and transition', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('records create and update diffs, dictionary labels and masked numbers, served by the log call', async () => {
    const [leader, province] = await Promise.all([t.loginAs('leader1'), t.loginAs('province')]);
    const notice = await publishNotice(t, province);
    const T = '/api/resource/topic';
    const body = applicationBody(notice.id, '差异课题', { leaderMobile: '13912345678' });
    const created = await t.post(`${T}/save`, body, leader);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const rec = created.body.data;
    const subjects = await t.post('/api/dic/getDicListByType?type=xkfl', {}, leader);
    const other = subjects.body.data.find((o: { value: string }) => o.value !== body.subject);
    const was = subjects.body.data.find((o: { value: string }) => o.value === body.subject);
    const saved = await t.post(
      `${T}/save`,
      {
        ...body,
        id: rec.id,
        version: rec.version,
        name: '差异课题（改）',
        subject: other.value,
        leaderMobile: '13800001111',
      },
      leader,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const log = await t.post(`${T}/log`, { subAct: 'a', id: rec.id }, leader);
    expect(log.status).toBe(200);
    const [create, update] = log.body.data;
    expect(create.changes).toEqual(
      expect.arrayContaining([{ field: 'name', label: '课题名称', from: null, to: '差异课题' }]),
    );
    expect(update).toMatchObject({ action: 'update', userName: expect.any(String), roleCode: '4' });
    expect(update.changes).toEqual([
      { field: 'name', label: '课题名称', from: '差异课题', to: '差异课题（改）' },
      { field: 'subject', label: '学科分类', from: was.text, to: other.text },
      { field: 'leaderMobile', label: '负责人手机号', from: '13*****5678', to: '13*****1111' },
    ]);
    expect(JSON.stringify(log.body.data)).not.toContain('13800001111');
  });
});

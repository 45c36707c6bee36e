import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { OperationLogRow, WorkflowDef } from '../../../shared/schema/types.js';
import { workflowProgress } from './workflowProgress.js';

const topic = JSON.parse(readFileSync('schemas/workflows/topic.json', 'utf8')) as WorkflowDef;

const row = (over: Partial<OperationLogRow>): OperationLogRow => ({
  id: '1',
  action: 'save',
  actionLabel: '保存',
  fromStatus: null,
  toStatus: null,
  comment: null,
  createdAt: '2026-03-01 09:00:00',
  ...over,
});

describe('workflow progress', () => {
  it('tells a submitted topic’s leader the steps taken and who acts next, not the 29-status fan', () => {
    const log = [
      row({ action: 'create', actionLabel: '新增', toStatus: '0', userName: '张老师' }),
      row({ id: '2', actionLabel: '修改', fromStatus: '0', toStatus: '0', userName: '张老师' }),
      row({ id: '3', action: 'submit', actionLabel: '提交', fromStatus: '0', toStatus: '2', userName: '张老师' }),
    ];
    const p = workflowProgress(topic, '2', log);
    expect(p.current).toBe('申报市级审核中');
    expect(p.taken.map((s) => `${s.action} → ${s.status}（${s.who}）`)).toEqual([
      '新增 → 草稿（张老师）',
      '提交 → 申报市级审核中（张老师）',
    ]);
    expect(p.next).toEqual(
      expect.arrayContaining([
        { action: '市级审核通过', status: '申报省级审核中', who: '市级管理员' },
        { action: '市级退回', status: '申报市级退回', who: '市级管理员' },
        { action: '撤回', status: '草稿', who: '课题负责人（本人）' },
      ]),
    );
    // 撤销课题 is offered from most statuses: always there, never "the next step".
    expect(p.next.map((s) => s.action)).not.toContain('撤销课题');
  });

  it('says what the system does by itself after what people do', () => {
    const p = workflowProgress(topic, '0', []);
    expect(p.taken).toEqual([]);
    expect(p.next[0]).toMatchObject({ action: '提交', who: '课题负责人（本人）' });
    expect(p.next.at(-1)).toMatchObject({ who: '系统自动处理' });
  });
});

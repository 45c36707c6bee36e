import { describe, expect, it } from 'vitest';
import type { EntityDef } from '../../../shared/schema/types.js';
import type { StoredRecord } from './RecordStore.js';
import { ruleRecord } from './output.js';
import { logRows } from '../resources/virtualEntities.js';

const entity: EntityDef = {
  name: 'probe',
  label: '测试',
  fields: {
    submitTime: { type: 'datetime', label: '提交时间', readOnly: true },
    startDate: { type: 'date', label: '开始日期' },
    score: { type: 'integer', label: '分数' },
  },
  access: { read: [], create: [], update: [], delete: [] },
};

const at = Date.UTC(2026, 10, 26, 17, 30, 0); // 01:30 on the 27th in the province

function stored(values: Record<string, unknown>): StoredRecord {
  return {
    id: 1,
    version: 1,
    status: null,
    ownerId: 1,
    areaCode: null,
    createdAt: at,
    updatedAt: at,
    createdBy: 1,
    updatedBy: 1,
    ...values,
  } as StoredRecord;
}

describe('records as clients read them', () => {
  it('gives a date field holding epoch ms as province text, in the whole record and in a list row', () => {
    const rec = stored({ submitTime: at, startDate: at, score: 7 });
    expect(ruleRecord(entity, rec)).toMatchObject({
      submitTime: '2026-11-27 01:30:00',
      startDate: '2026-11-27',
      score: 7,
      createdAt: '2026-11-27 01:30:00',
    });
    expect(ruleRecord(entity, rec, ['submitTime', 'score'])).toMatchObject({
      submitTime: '2026-11-27 01:30:00',
      score: 7,
    });
  });

  it('leaves text dates and empty ones as they are', () => {
    expect(ruleRecord(entity, stored({ submitTime: '2026-01-02 03:04:05', startDate: null }))).toMatchObject({
      submitTime: '2026-01-02 03:04:05',
      startDate: null,
    });
  });

  it("writes an operation log's times in the province's time", () => {
    const rows = logRows([
      {
        id: 3,
        entity: 'probe',
        recordId: 1,
        action: 'submit',
        actionLabel: '提交',
        fromStatus: null,
        toStatus: '1',
        comment: null,
        userId: 1,
        userName: 'u',
        roleCode: '2',
        createdAt: at,
      },
    ]);
    expect(rows[0].createdAt).toBe('2026-11-27 01:30:00');
  });
});

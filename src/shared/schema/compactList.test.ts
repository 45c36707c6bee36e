import { describe, expect, it } from 'vitest';
import type { ListPageDef } from './types.js';
import { isCompactList } from './compactList.js';

const latest: ListPageDef = {
  kind: 'list',
  id: 'portal/x.latest',
  entity: 'announcement',
  title: '通知公告',
  source: 'public',
  columns: [{ field: 'title' }],
  pageSize: 5,
  pagination: false,
};

describe('isCompactList', () => {
  it('takes a list without pager, filters or actions (the home page boxes)', () => {
    expect(isCompactList(latest)).toBe(true);
    expect(isCompactList({ ...latest, filters: [], toolbar: [], rowActions: [], batchActions: [] })).toBe(true);
  });

  it('leaves every list a user works in to the full list page', () => {
    expect(isCompactList({ ...latest, pagination: undefined })).toBe(false);
    expect(isCompactList({ ...latest, filters: [{ field: 'title', op: 'like' }] as ListPageDef['filters'] })).toBe(
      false,
    );
    expect(isCompactList({ ...latest, toolbar: [{ type: 'export', label: '导出' }] as ListPageDef['toolbar'] })).toBe(
      false,
    );
    expect(
      isCompactList({
        ...latest,
        rowActions: [{ type: 'link', label: '查看', to: '/x?id=:id' }] as ListPageDef['rowActions'],
      }),
    ).toBe(false);
    expect(
      isCompactList({ ...latest, batchActions: [{ type: 'delete', label: '删除' }] as ListPageDef['batchActions'] }),
    ).toBe(false);
  });
});

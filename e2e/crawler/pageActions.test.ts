import { describe, expect, it } from 'vitest';
import { rowLinks } from './pageActions.js';

describe('the row links a list declares', () => {
  it('maps each link label to the path it leads to, leaving other row actions out', () => {
    const bundle = {
      entity: null,
      workflow: null,
      page: {
        rowActions: [
          { type: 'link', label: '分配课题', to: '/reviewManagement/setting/subject?id=:id' },
          { type: 'link', label: '排名与决定', to: '/reviewManagement/setting/ranking?id=:id' },
          { type: 'download', label: '导出结果', url: 'review/export?batchId=:id' },
          { type: 'delete', confirm: '确定删除该评审批次吗？' },
        ],
      },
    };
    expect([...rowLinks(bundle)]).toEqual([
      ['分配课题', '/reviewManagement/setting/subject'],
      ['排名与决定', '/reviewManagement/setting/ranking'],
    ]);
    expect(rowLinks(undefined).size).toBe(0);
  });
});

// The yardstick for a list: a plain antd Table with the same columns and 100 rows.
import { ConfigProvider, Table } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { ResourceRecord } from '../../../src/shared/schema/types.js';
import { COLUMNS, dataProvider, entity, ROWS, whenVisible } from './fixtures.js';

function Page() {
  const [rows, setRows] = useState<ResourceRecord[]>([]);
  useEffect(() => {
    void dataProvider.getList(entity.name, { page: 1, pageSize: ROWS, filters: [] }).then((r) => setRows(r.list));
  }, []);
  return (
    <Table
      rowKey="id"
      size="middle"
      dataSource={rows}
      pagination={{ pageSize: ROWS, total: rows.length }}
      columns={COLUMNS.map((c) => ({
        key: c.field,
        dataIndex: c.field,
        title: c.label,
        width: c.width,
        ellipsis: c.field === 'title',
      }))}
    />
  );
}

whenVisible(
  () => document.querySelectorAll('.ant-table-row').length >= ROWS,
  (ms) => {
    window.__bench.visibleMs = ms;
  },
);
createRoot(document.getElementById('root')!).render(
  <ConfigProvider locale={zhCN}>
    <Page />
  </ConfigProvider>,
);

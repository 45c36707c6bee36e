/**
 * The light path of the list kind: lists with nothing to do but read (src/shared/schema/compactList.ts), such
 * as the home page's latest items. The same columns, cells and data call as ListPage, drawn as a
 * plain table: no antd Table, pager, selection or action dialogs, which ListPage brings (it is
 * loaded only for lists that need it).
 */
import { Empty, Spin } from 'antd';
import { useMemo } from 'react';
import type { ListPageDef } from '../../../../shared/schema/types.js';
import { planColumns } from '../../model/columns.js';
import { initialListState, toListRequest } from '../../model/listQuery.js';
import { renderCell } from '../cells.js';
import './compactList.css';
import type { PageKindProps } from '../types.js';
import { useListAnswer } from './useListAnswer.js';

export function CompactList({ bundle, fixed }: PageKindProps) {
  const page = bundle.page as ListPageDef;
  const { entity, workflow } = bundle;
  const request = useMemo(
    () => toListRequest(initialListState(page, entity), page, entity, fixed),
    [page, entity, fixed],
  );
  const { result, loading } = useListAnswer(entity.name, request, page.source === 'public');
  const rows = result.list;

  const plans = planColumns(page.columns, entity, workflow);
  return (
    <div className="runtime-list runtime-list-compact">
      <Spin spinning={loading}>
        <table className="runtime-compact-table">
          <colgroup>
            {plans.map((p) => (
              <col key={p.key} style={p.width ? { width: p.width } : undefined} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {plans.map((p) => (
                <th key={p.key} scope="col">
                  {p.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-row-key={row.id}>
                {plans.map((p) => (
                  <td key={p.key} className={p.ellipsis ? 'runtime-compact-ellipsis' : undefined}>
                    {renderCell(p, row[p.field], row, workflow)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {!loading && rows.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} className="runtime-compact-empty" />
        ) : null}
      </Spin>
    </div>
  );
}

/**
 * The dialog of a link whose record is picked first (ActionDef link `pick`): lists the records the
 * user may read, narrowed by the schema's filters (e.g. 申报课题 → the notices open for
 * applications), and goes to the link filled from the chosen one.
 */
import { Button, Empty, List, Spin } from 'antd';
import { useEffect, useState } from 'react';
import type { PickDef, ResourceRecord } from '../../../shared/schema/types.js';
import { Dialog } from '../../feedback/Dialog.js';
import { useRuntime } from '../RuntimeContext.js';

export function PickDialog({ pick, open, onClose, onPick }: { pick: PickDef; open: boolean; onClose: () => void; onPick: (row: ResourceRecord) => void }) {
  const { dataProvider } = useRuntime();
  const [rows, setRows] = useState<ResourceRecord[] | null>(null);
  useEffect(() => {
    if (!open) return undefined;
    let alive = true;
    setRows(null);
    dataProvider.getList(pick.entity, {
      page: 1, pageSize: 50, ...(pick.pageId ? { pageId: pick.pageId } : {}),
      filters: (pick.filters ?? []).map((f) => ({ field: f.field, op: f.op, value: f.value })),
    }).then((r) => { if (alive) setRows(r?.list ?? []); }, () => { if (alive) setRows([]); });
    return () => { alive = false; };
  }, [dataProvider, open, pick]);
  const field = pick.field ?? 'title';
  return (
    <Dialog title={pick.title} open={open} onCancel={onClose} footer={<Button onClick={onClose}>取消</Button>} destroyOnClose>
      {rows === null ? <Spin style={{ display: 'block', margin: '24px auto' }} /> : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={pick.empty} />
      ) : (
        <List
          className="runtime-pick-list"
          dataSource={rows}
          renderItem={(row) => (
            <List.Item actions={[<Button key="pick" type="link" onClick={() => onPick(row)}>选择</Button>]}>
              {String(row[field] ?? row.id)}
            </List.Item>
          )}
        />
      )}
    </Dialog>
  );
}

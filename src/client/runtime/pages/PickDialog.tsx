/**
 * The dialog of a link whose record is picked first (ActionDef link `pick`): lists the records the
 * user may read, narrowed by the schema's filters (e.g. 申报课题 → the notices open for
 * applications), and goes to the link filled from the chosen one.
 */
import { Button, Empty, List, Spin } from 'antd';
import { useEffect, useState } from 'react';
import type { PickDef, ResourceRecord } from '../../../shared/schema/types.js';
import { Dialog } from '../../feedback/Dialog.js';
import { evaluate, type RuleContext } from '../../../shared/rules/evaluate.js';
import { useRuntime } from '../RuntimeContext.js';
import { ruleContext } from '../model/ruleContext.js';

/** A filter value as sent: plain values as they are, rules (objects) evaluated; range ends one by one. */
function valueOf(value: unknown, ctx: RuleContext): unknown {
  if (Array.isArray(value)) return value.map((v) => valueOf(v, ctx));
  return value !== null && typeof value === 'object' ? evaluate(value, ctx) : value;
}

export function PickDialog({
  pick,
  open,
  onClose,
  onPick,
}: {
  pick: PickDef;
  open: boolean;
  onClose: () => void;
  onPick: (row: ResourceRecord) => void;
}) {
  const { dataProvider, user, now } = useRuntime();
  const [rows, setRows] = useState<ResourceRecord[] | null>(null);
  useEffect(() => {
    if (!open) return undefined;
    let alive = true;
    setRows(null);
    // Rules in the values are read when the dialog opens (the clock of that moment).
    const ctx = ruleContext({ user, now: now() });
    dataProvider
      .getList(pick.entity, {
        page: 1,
        pageSize: 50,
        ...(pick.pageId ? { pageId: pick.pageId } : {}),
        filters: (pick.filters ?? []).map((f) => ({ field: f.field, op: f.op, value: valueOf(f.value, ctx) })),
      })
      .then(
        (r) => {
          if (alive) setRows(r?.list ?? []);
        },
        () => {
          if (alive) setRows([]);
        },
      );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the clock is read when the dialog opens, not on every render
  }, [dataProvider, open, pick, user]);
  const field = pick.field ?? 'title';
  return (
    <Dialog
      title={pick.title}
      open={open}
      onCancel={onClose}
      footer={<Button onClick={onClose}>取消</Button>}
      destroyOnClose
    >
      {rows === null ? (
        <Spin style={{ display: 'block', margin: '24px auto' }} />
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={pick.empty} />
      ) : (
        <List
          className="runtime-pick-list"
          dataSource={rows}
          renderItem={(row) => (
            <List.Item
              actions={[
                <Button key="pick" type="link" onClick={() => onPick(row)}>
                  选择
                </Button>,
              ]}
            >
              {String(row[field] ?? row.id)}
            </List.Item>
          )}
        />
      )}
    </Dialog>
  );
}

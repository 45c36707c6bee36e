/**
 * The common things of a page without JSON: each section's (or step's) fields, a list's filters and
 * columns, with their label, required, width, widget and help text, their order, and the section a
 * field sits in. Every change is written into the JSON the editor shows, and checked like a typed one.
 */
import { Button, Card, Empty, Input, InputNumber, Select, Space, Switch, Table, Tooltip } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { WIDGET_NAMES } from '../../../../shared/schema/widgetNames.js';
import {
  layoutOf,
  moveItem,
  moveToGroup,
  updateItem,
  type GroupPath,
  type LayoutGroup,
  type LayoutItem,
} from './pageLayout.js';

const SPANS = [6, 8, 12, 16, 24].map((v) => ({ value: v, label: `${v}/24` }));
const WIDGETS = WIDGET_NAMES.map((w) => ({ value: w, label: w }));

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The labels of the page's entity as edited: a field the page does not relabel shows the label it
 * inherits (a blank 标签 column read as fields without a label, listed by their codes).
 */
function useEntityLabels(
  entityName: unknown,
  docText: ((key: string) => Promise<string | undefined>) | undefined,
): Map<string, string> {
  const [labels, setLabels] = useState<Map<string, string>>(() => new Map());
  useEffect(() => {
    let alive = true;
    if (typeof entityName !== 'string' || !docText) setLabels(new Map());
    else
      void docText(`entities/${entityName}`).then((t) => {
        const fields = (parse(t ?? '') as { fields?: Record<string, { label?: unknown }> } | undefined)?.fields ?? {};
        const next = new Map<string, string>();
        for (const [name, def] of Object.entries(fields)) if (typeof def?.label === 'string') next.set(name, def.label);
        if (alive) setLabels(next);
      });
    return () => {
      alive = false;
    };
  }, [entityName, docText]);
  return labels;
}

export function LayoutPanel({
  text,
  onChange,
  docText,
}: {
  text: string;
  onChange: (text: string) => void;
  /** The studio's documents as edited, for the entity's labels. */
  docText?: (key: string) => Promise<string | undefined>;
}) {
  const doc = useMemo(() => parse(text), [text]);
  const groups = useMemo(() => layoutOf(doc), [doc]);
  const inherited = useEntityLabels((doc as { entity?: unknown } | undefined)?.entity, docText);
  if (doc === undefined) return <Empty description="配置内容不是合法的 JSON，请先在编辑中修正" />;
  if (!groups.length) return <Empty description="此类配置请在编辑中修改" />;
  const write = (next: unknown) => onChange(`${JSON.stringify(next, null, 2)}\n`);
  const sectionGroups = groups.filter((g) => g.kind === 'fields');

  const columns = (group: LayoutGroup) => {
    const set = (index: number, patch: Partial<LayoutItem>) => write(updateItem(doc, group.path, index, patch));
    const textColumn = (key: 'label' | 'help', width: number) => ({
      title: key === 'label' ? '标签' : '填写说明',
      key,
      width,
      render: (_: unknown, it: LayoutItem, i: number) => {
        // The label shown is the page's own or the entity's; writing the entity's back keeps none.
        const base = key === 'label' ? (inherited.get(it.field) ?? '') : '';
        const shown = it[key] ?? base;
        return (
          <Input
            aria-label={`${it.field} ${key === 'label' ? '标签' : '填写说明'}`}
            defaultValue={shown}
            placeholder={key === 'label' ? '沿用实体的标签' : ''}
            onBlur={(e) => {
              const v = e.target.value.trim();
              if (v !== shown) set(i, { [key]: v === base ? '' : v });
            }}
          />
        );
      },
    });
    const order = {
      title: '顺序',
      key: 'order',
      width: 110,
      render: (_: unknown, _it: LayoutItem, i: number) => (
        <Space size={4}>
          <Button size="small" disabled={i === 0} onClick={() => write(moveItem(doc, group.path, i, -1))}>
            上移
          </Button>
          <Button
            size="small"
            disabled={i === group.items.length - 1}
            onClick={() => write(moveItem(doc, group.path, i, 1))}
          >
            下移
          </Button>
        </Space>
      ),
    };
    const field = { title: '字段', dataIndex: 'field', key: 'field', width: 140 };
    if (group.kind === 'columns')
      return [
        field,
        textColumn('label', 160),
        {
          title: '宽度',
          key: 'width',
          width: 100,
          render: (_: unknown, it: LayoutItem, i: number) => (
            <InputNumber min={40} max={800} value={it.width} onChange={(v) => set(i, { width: v ?? undefined })} />
          ),
        },
        order,
      ];
    if (group.kind === 'filters') return [field, textColumn('label', 160), order];
    return [
      field,
      textColumn('label', 150),
      {
        title: '必填',
        key: 'required',
        width: 60,
        render: (_: unknown, it: LayoutItem, i: number) => (
          <Switch size="small" checked={it.required} onChange={(v) => set(i, { required: v })} />
        ),
      },
      {
        title: '宽度',
        key: 'span',
        width: 100,
        render: (_: unknown, it: LayoutItem, i: number) => (
          <Select allowClear options={SPANS} value={it.span} onChange={(v) => set(i, { span: v })} />
        ),
      },
      {
        title: '控件',
        key: 'widget',
        width: 150,
        render: (_: unknown, it: LayoutItem, i: number) => (
          <Select
            allowClear
            showSearch
            placeholder="按字段类型"
            options={WIDGETS}
            value={it.widget}
            onChange={(v) => set(i, { widget: v })}
          />
        ),
      },
      textColumn('help', 160),
      order,
      {
        title: '所在分组',
        key: 'group',
        width: 160,
        render: (_: unknown, _it: LayoutItem, i: number) => (
          <Tooltip title="移到另一分组的末尾">
            <Select
              value={JSON.stringify(group.path)}
              options={sectionGroups.map((g) => ({ value: JSON.stringify(g.path), label: g.title }))}
              onChange={(v: string) => write(moveToGroup(doc, group.path, i, JSON.parse(v) as GroupPath))}
            />
          </Tooltip>
        ),
      },
    ];
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} className="studio-layout">
      {groups.map((g) => (
        <Card key={JSON.stringify(g.path)} size="small" title={g.title}>
          <Table
            size="small"
            pagination={false}
            rowKey={(it) => `${text.length}:${inherited.size}:${JSON.stringify(g.path)}:${it.field}`}
            dataSource={g.items}
            columns={columns(g)}
            scroll={{ x: true }}
          />
        </Card>
      ))}
    </Space>
  );
}

/** The schema files as a tree: entities, pages by module, workflows, dictionaries, menus, routes, other documents. */
import { Input, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree/index.js';
import { useMemo, useState } from 'react';
import type { TreeItem } from './studioApi.js';

const KIND_LABELS: Record<string, string> = {
  entities: '实体',
  pages: '页面',
  workflows: '流程',
  dictionaries: '字典',
  menus: '菜单',
  routes: '路由',
  document: '其他配置',
};
const ORDER = ['entities', 'pages', 'workflows', 'dictionaries', 'menus', 'routes', 'document'];

export function SchemaTree({
  items,
  selected,
  onSelect,
}: {
  items: TreeItem[];
  selected?: string;
  onSelect: (key: string) => void;
}) {
  const [filter, setFilter] = useState('');
  const data = useMemo<DataNode[]>(() => {
    const f = filter.trim().toLowerCase();
    const shown = items.filter((i) => !f || i.key.toLowerCase().includes(f) || i.title.toLowerCase().includes(f));
    const leaf = (i: TreeItem): DataNode => ({
      key: i.key,
      isLeaf: true,
      title: (
        <span data-key={i.key} title={i.usedBy.length ? `使用处：\n${i.usedBy.join('\n')}` : '未被引用'}>
          {i.title} <Typography.Text type="secondary">{i.key.split('/').pop()}</Typography.Text>
          {i.usedBy.length ? <Typography.Text type="secondary">（{i.usedBy.length} 处使用）</Typography.Text> : null}
        </span>
      ),
    });
    return ORDER.filter((k) => shown.some((i) => i.kind === k)).map((kind) => {
      const mine = shown.filter((i) => i.kind === kind);
      if (kind !== 'pages')
        return {
          key: `kind:${kind}`,
          title: `${KIND_LABELS[kind]}（${mine.length}）`,
          selectable: false,
          children: mine.map(leaf),
        };
      const groups = [...new Set(mine.map((i) => i.group))].sort();
      return {
        key: 'kind:pages',
        title: `${KIND_LABELS.pages}（${mine.length}）`,
        selectable: false,
        children: groups.map((g) => ({
          key: `group:${g}`,
          title: `模块 ${g}`,
          selectable: false,
          children: mine.filter((i) => i.group === g).map(leaf),
        })),
      };
    });
  }, [items, filter]);
  return (
    <div className="studio-tree">
      <Input.Search
        allowClear
        placeholder="搜索配置文件"
        aria-label="搜索配置文件"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        style={{ marginBottom: 8 }}
      />
      <Tree
        showLine
        blockNode
        treeData={data}
        selectedKeys={selected ? [selected] : []}
        defaultExpandedKeys={['kind:entities']}
        {...(filter ? { expandedKeys: data.flatMap((n) => [n.key, ...(n.children ?? []).map((c) => c.key)]) } : {})}
        onSelect={(keys) => {
          const k = String(keys[0] ?? '');
          if (k && !k.includes(':')) onSelect(k);
        }}
        style={{ maxHeight: 640, overflow: 'auto' }}
      />
    </div>
  );
}

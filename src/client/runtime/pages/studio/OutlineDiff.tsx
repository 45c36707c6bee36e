/**
 * The change of a page as its readers will meet it: the outline of the published page against the
 * edited one (fields with label, widget, required and conditions; columns; actions; tabs), added
 * lines green, removed lines red. Labels come from the entity as edited.
 */
import { Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { outlineDiff, schemaOutline } from '../../../../shared/schema/schemaOutline.js';
import type { EntityDef } from '../../../../shared/schema/types.js';
import type { OutlineChange } from '../../../../shared/contracts/studio.js';

const COLORS = { added: '#f6ffed', removed: '#fff1f0', same: 'transparent' } as const;
const MARKS = { added: '+ ', removed: '- ', same: '  ' } as const;

function parse(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function OutlineDiff({
  published,
  text,
  docText,
}: {
  published: string;
  text: string;
  docText: (key: string) => Promise<string | undefined>;
}) {
  const before = useMemo(() => parse(published), [published]);
  const after = useMemo(() => parse(text), [text]);
  const entityName = (after as { entity?: unknown } | undefined)?.entity;
  const [entity, setEntity] = useState<EntityDef | undefined>();
  useEffect(() => {
    let alive = true;
    if (typeof entityName !== 'string') setEntity(undefined);
    else void docText(`entities/${entityName}`).then((t) => alive && setEntity(parse(t) as EntityDef | undefined));
    return () => {
      alive = false;
    };
  }, [entityName, docText]);
  const lines = useMemo(
    () => outlineDiff(schemaOutline(before, entity), schemaOutline(after, entity)),
    [before, after, entity],
  );
  if (!after) return null;
  const changed = lines.some((l) => l.kind !== 'same');
  return (
    <div className="studio-outline-diff" style={{ marginBottom: 12 }}>
      <Typography.Text strong>页面结构{changed ? '的变化' : '没有变化'}</Typography.Text>
      {changed && (
        <pre style={{ margin: '8px 0 0', fontSize: 12, lineHeight: '20px', whiteSpace: 'pre-wrap' }}>
          {lines.map((l, i) => (
            <div key={i} data-change={l.kind} style={{ background: COLORS[l.kind] }}>
              {MARKS[l.kind]}
              {l.text}
            </div>
          ))}
        </pre>
      )}
    </div>
  );
}

/** The dry run's pages whose outline changes: each page with the roles that see it, its lines that go and come. */
export function OutlineChanges({ outlines }: { outlines: OutlineChange[] }) {
  if (!outlines.length) return null;
  return (
    <div className="studio-outline-changes">
      <Typography.Paragraph>以下页面的结构将改变（发布后各角色看到的页面）：</Typography.Paragraph>
      {outlines.map((o) => (
        <div key={`${o.page}|${o.roles.join()}`} data-page={o.page} style={{ marginBottom: 8 }}>
          <Typography.Text strong>{o.title}</Typography.Text>
          <Typography.Text type="secondary">
            （{o.roles.length ? o.roles.join('、') : '没有角色的菜单通向此页'}）
          </Typography.Text>
          <pre style={{ margin: '4px 0 0', fontSize: 12, lineHeight: '20px', whiteSpace: 'pre-wrap' }}>
            {o.lines.map((l, i) => (
              <div key={i} data-change={l.kind} style={{ background: COLORS[l.kind] }}>
                {MARKS[l.kind]}
                {l.text}
              </div>
            ))}
          </pre>
        </div>
      ))}
    </div>
  );
}

import { Badge } from 'antd';

/**
 * A menu text with its badge count (hidden at 0). The header shows a dot instead of the number:
 * eight sections with counts do not fit a 1366-pixel header, and the section's sider gives the count.
 */
export function MenuLabel({
  name,
  count,
  label,
  dot = false,
}: {
  name: string;
  count: number;
  label?: string;
  dot?: boolean;
}) {
  if (count <= 0) return <span className="shell-menu-label">{name}</span>;
  // A count that is not the page's own list says what it counts (待办 3); one that is, is the list's total.
  const shown = count > 99 ? '99+' : String(count);
  const title = label ? `${label} ${count} 项` : `共 ${count} 项`;
  return (
    <span className="shell-menu-label">
      {dot ? (
        <Badge dot offset={[2, -8]} className="shell-menu-badge" title={title}>
          {name}
        </Badge>
      ) : (
        <>
          {name}
          <Badge
            count={label ? `${label} ${shown}` : count}
            title={title}
            size="small"
            overflowCount={99}
            className="shell-menu-badge"
          />
        </>
      )}
    </span>
  );
}

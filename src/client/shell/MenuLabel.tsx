import { Badge } from 'antd';

/**
 * A menu text with its badge count (hidden at 0). The header shows a dot instead of the number:
 * eight sections with counts do not fit a 1366-pixel header, and the section's sider gives the count.
 */
export function MenuLabel({ name, count, dot = false }: { name: string; count: number; dot?: boolean }) {
  if (count <= 0) return <span className="shell-menu-label">{name}</span>;
  return (
    <span className="shell-menu-label">
      {dot
        ? <Badge dot offset={[2, -8]} className="shell-menu-badge" title={`${count} 项待处理`}>{name}</Badge>
        : <>{name}<Badge count={count} size="small" overflowCount={99} className="shell-menu-badge" /></>}
    </span>
  );
}

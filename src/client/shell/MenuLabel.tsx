import { Badge } from 'antd';

/** A menu text with its badge count (hidden at 0). */
export function MenuLabel({ name, count }: { name: string; count: number }) {
  return (
    <span className="shell-menu-label">
      {name}
      {count > 0 && <Badge count={count} size="small" overflowCount={99} className="shell-menu-badge" />}
    </span>
  );
}

import { Card } from 'antd';
import type { ReactNode } from 'react';

/** A titled group of form fields (a section of a form page). */
export function Section({ title, children }: { title?: string; children?: ReactNode }) {
  return (
    <Card size="small" title={title} style={{ marginBottom: 16 }} className="runtime-section">
      {children}
    </Card>
  );
}

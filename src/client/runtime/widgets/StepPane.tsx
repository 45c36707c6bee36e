import type { ReactNode } from 'react';

/** One step of a multi-step form; the form page shows the current one and hides the others. */
export function StepPane({ children }: { title?: string; children?: ReactNode }) {
  return <div className="runtime-step-pane">{children}</div>;
}

/**
 * A widget whose code is a chunk of its own, loaded the first time a form shows it: how a client
 * module (src/client/modules/<m>/index.ts) registers its widgets without putting their code in the
 * first load. Until the chunk is in, the field shows a small spinner (a page waits for spinners).
 */
import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { WidgetComponent } from './registry.js';

export function lazyWidget(load: () => Promise<WidgetComponent>): WidgetComponent {
  const Lazy = lazy(() => load().then((c) => ({ default: c })));
  function LazyWidget(props: Record<string, unknown>) {
    return (
      <Suspense fallback={<Spin size="small" />}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyWidget;
}

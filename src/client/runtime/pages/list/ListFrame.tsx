import type { ReactNode } from 'react';
import './listFrame.css';

/**
 * The box of a full list page: its title, an optional link beside it, and the list. Drawn like the
 * antd Card it stands in for (listFrame.css), without it: antd's Card brings Tabs and Skeleton,
 * about 55 KB of code every list page had to load and run before its first rows.
 */
export function ListFrame({ title, extra, children }: { title: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className="runtime-list runtime-list-frame">
      <header className="runtime-list-head">
        <h2 className="runtime-list-title">{title}</h2>
        {extra ? <div className="runtime-list-extra">{extra}</div> : null}
      </header>
      <div className="runtime-list-body">{children}</div>
    </section>
  );
}

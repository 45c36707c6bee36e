/**
 * The dashboard page kind: blocks declared in JSON (./page.schema.json), each for the roles
 * and the sign-in state it names, on a grid of 24 columns. Statistic, card and list blocks show
 * figures and rows the server counts like the menu badges (workbench/data, their own chunk:
 * DataBlocks.tsx); a banner block shows a site setting over a line of text; a page block draws
 * another page schema in place (the portal's home: the workbench, then the latest public items).
 */
import { lazy, Suspense, useEffect, useState, type CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import type { DashboardBlockData, DashboardBlockDef, DashboardPageDef } from '../../../../shared/schema/types.js';
import { blockSpan, isDataBlock, visibleBlocks } from '../../model/dashboard.js';
import { useEmbeddedPage, useRuntime } from '../../RuntimeContext.js';
import type { PageKindProps } from '../types.js';
import { BannerBlock } from './BannerBlock.js';
import './embedded.css';

const DataBlock = lazy(() => import('./DataBlocks.js'));

/** Another page schema drawn in the block, under the block's title and 更多 link when it has them. */
function PageBlock({ block }: { block: DashboardBlockDef }) {
  const { user } = useRuntime();
  const SchemaPage = useEmbeddedPage();
  // A role or sub-system switch draws the page anew: what it shows is the role's.
  const page = (
    <SchemaPage
      key={`${user?.roleCode ?? ''}:${user?.subSystemId ?? ''}`}
      pageId={block.page ?? ''}
      placeholder={<div className="runtime-lazy-loading rt-dash-page-pending" />}
    />
  );
  if (!block.title) return page;
  return (
    <section className="rt-dash-section" aria-label={block.title}>
      <header className="rt-dash-section-head">
        <h3>{block.title}</h3>
        {block.more ? <Link to={block.more}>更多</Link> : null}
      </header>
      <div className="rt-dash-section-body">{page}</div>
    </section>
  );
}

export function DashboardPage({ bundle }: PageKindProps) {
  const page = bundle.page as DashboardPageDef;
  const { dataProvider, user, siteSettings } = useRuntime();
  const blocks = visibleBlocks(page.blocks, user?.roleCode);
  const counted = blocks.some(({ block }) => isDataBlock(block));
  const [data, setData] = useState<(DashboardBlockData | null)[] | undefined>(undefined);
  useEffect(() => {
    // Only figures and lists are counted on the server; banners and embedded pages need no call.
    if (!counted) return;
    let alive = true;
    dataProvider.getDashboard(page.id).then(
      (d) => {
        if (alive) setData(d);
      },
      () => {
        if (alive) setData([]);
      },
    );
    return () => {
      alive = false;
    };
  }, [dataProvider, page.id, counted]);
  if (blocks.length === 0) return null;
  return (
    <section className={`runtime-page ${counted ? 'rt-dashboard' : 'rt-dash-portal'}`} aria-label={page.title}>
      <div className="rt-dash-grid">
        {blocks.map(({ block, index }) => (
          <div key={index} className="rt-dash-cell" style={{ '--rt-dash-span': blockSpan(block) } as CSSProperties}>
            {block.type === 'banner' ? (
              <BannerBlock block={block} settings={siteSettings} signedIn={!!user} />
            ) : block.type === 'page' ? (
              <PageBlock block={block} />
            ) : (
              <Suspense fallback={<div className="runtime-lazy-loading rt-dash-page-pending" />}>
                <DataBlock
                  block={block}
                  data={
                    data === undefined
                      ? undefined
                      : (data[index] ?? (block.type === 'list' ? { count: 0, rows: [] } : { items: [] }))
                  }
                />
              </Suspense>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}

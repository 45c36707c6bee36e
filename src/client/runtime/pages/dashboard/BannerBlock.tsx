/**
 * A dashboard's banner block: a heading read from a site setting over a line of text. No antd and
 * nothing of the runtime, so the shell can paint a page's leading banners from its early schema
 * answer before the runtime has loaded (SchemaPageHost), with the same markup the page then draws.
 */
import type { DashboardBlockDef } from '../../../../shared/schema/types.js';
import './banner.css';

/** The site settings a banner may read (the dashboard meta-schema's `setting`). */
export type BannerSettings = { systemName?: string } | null | undefined;

export function BannerBlock({ block, settings }: { block: DashboardBlockDef; settings: BannerSettings }) {
  const heading = block.setting ? (settings?.[block.setting] ?? '') : '';
  return (
    <div className="rt-dash-banner">
      {block.setting ? <h2>{heading}</h2> : null}
      {block.text ? <p>{block.text}</p> : null}
    </div>
  );
}

/** The leading banners laid out as the dashboard lays out its blocks (DashboardPage). */
export function BannerPreview({ blocks, settings }: { blocks: DashboardBlockDef[]; settings: BannerSettings }) {
  return (
    <div className="rt-dash-grid">
      {blocks.map((block, i) => (
        <div key={i} className="rt-dash-cell">
          <BannerBlock block={block} settings={settings} />
        </div>
      ))}
    </div>
  );
}

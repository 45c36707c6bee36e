/**
 * A dashboard's banner block: a heading read from a site setting over a line of text, and links
 * (注册, 申报指南). No antd and nothing of the runtime, so the shell can paint a page's leading banners from its early schema
 * answer before the runtime has loaded (SchemaPageHost), with the same markup the page then draws.
 */
import { Link } from 'react-router-dom';
import type { DashboardBlockDef } from '../../../../shared/schema/types.js';
import './banner.css';

/** The site settings a banner may read (the dashboard meta-schema's `setting`). */
export type BannerSettings = { systemName?: string } | null | undefined;

/** A banner's links for a visitor (signedIn false or omitted) or a signed-in user (true or omitted). */
export function bannerLinks(block: DashboardBlockDef, signedIn: boolean): { label: string; to: string }[] {
  return (block.links ?? []).filter((l) => l.signedIn === undefined || l.signedIn === signedIn);
}

/** Its links go through the router (already in the shell's first chunk, beside which this paints). */
export function BannerBlock({
  block,
  settings,
  signedIn = false,
}: {
  block: DashboardBlockDef;
  settings: BannerSettings;
  signedIn?: boolean;
}) {
  const heading = block.setting ? (settings?.[block.setting] ?? '') : '';
  const links = bannerLinks(block, signedIn);
  return (
    <div className="rt-dash-banner">
      {block.setting ? <h2>{heading}</h2> : null}
      {block.text ? <p>{block.text}</p> : null}
      {links.length ? (
        <p className="rt-dash-banner-links">
          {links.map((l) => (
            <Link key={l.to} to={l.to}>
              {l.label}
            </Link>
          ))}
        </p>
      ) : null}
    </div>
  );
}

/** The leading banners laid out as the dashboard lays out its blocks (DashboardPage). */
export function BannerPreview({
  blocks,
  settings,
  signedIn,
}: {
  blocks: DashboardBlockDef[];
  settings: BannerSettings;
  signedIn?: boolean;
}) {
  return (
    <div className="rt-dash-grid">
      {blocks.map((block, i) => (
        <div key={i} className="rt-dash-cell">
          <BannerBlock block={block} settings={settings} signedIn={signedIn} />
        </div>
      ))}
    </div>
  );
}

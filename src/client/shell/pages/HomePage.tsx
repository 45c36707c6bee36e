import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useShell } from '../ShellContext.js';
import { preloadRuntime, SchemaPageHost } from '../SchemaPageHost.js';
import { useFirstPaintDone } from '../../hooks/useFirstPaintDone.js';

/** The portal's sections: the latest items of each information kind, as compact public list pages. */
export const PORTAL_SECTIONS = [
  { pageId: 'portal/announcement.latest', title: '通知公告', more: '/noticeAnnouncement' },
  { pageId: 'portal/activityDynamics.latest', title: '活动动态', more: '/activityDynamics' },
  { pageId: 'portal/relatedDownloads.latest', title: '相关下载', more: '/relatedDownloads' },
  { pageId: 'portal/rules.latest', title: '政策法规', more: '/rulesRegulations' },
] as const;

/** The logged-in user's workbench: a dashboard page schema (blocks per role). */
export const WORKBENCH_PAGE = 'workbench/home.dashboard';

/**
 * Home: a welcome banner, then for a logged-in user their workbench (their own work first), then
 * the portal sections; each part rendered by the page runtime.
 */
export function HomePage() {
  const { settings, user } = useShell();
  // The banner paints first; the portal sections (each a spinner until the runtime is in) follow a
  // frame later, while the runtime is already on its way (loading a module twice loads it once).
  const painted = useFirstPaintDone();
  useEffect(preloadRuntime, []);
  return (
    <div className="shell-home">
      <div className="shell-home-banner">
        <h2>{settings?.systemName ?? ''}</h2>
        <p>课题申报、开题、中期、成果鉴定与结题全过程管理</p>
      </div>
      {user ? (
        <SchemaPageHost key={`${user.roleCode}:${user.subSystemId ?? ''}`} pageId={WORKBENCH_PAGE} query={{}} />
      ) : null}
      <div className="shell-home-grid">
        {PORTAL_SECTIONS.map((s) => (
          <section key={s.pageId} className="shell-home-section" aria-label={s.title}>
            <header className="shell-home-section-head">
              <h3>{s.title}</h3>
              <Link to={s.more}>更多</Link>
            </header>
            <div className="shell-home-section-body">
              {painted ? <SchemaPageHost pageId={s.pageId} query={{}} /> : null}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}

// @vitest-environment jsdom
import { cleanup, waitFor } from '@testing-library/react';
import { createFixtureDataProvider, type FixtureSchemas } from '../../testing/fixtureDataProvider.js';
import { ADMIN, renderPage } from '../../testing/renderPage.js';
import { setupDom } from '../../testing/setupDom.js';
import { realSchemas } from '../../testing/realSchemas.js';

// The portal's home as schemas/pages/portal/home.dashboard.json declares it: a banner, the
// signed-in user's workbench, then the latest public items, each section a page of its own.
setupDom();
afterEach(cleanup);

const schemas: FixtureSchemas = realSchemas;
const SECTIONS = ['申报通知', '通知公告', '活动动态', '相关下载', '政策法规'];

async function home(user: typeof ADMIN | null) {
  const dataProvider = createFixtureDataProvider(schemas, { rows: 3 });
  const { container } = await renderPage({
    pageId: 'portal/home.dashboard',
    dataProvider,
    user,
    siteSettings: { systemName: '教育科研课题管理平台' },
  });
  await waitFor(() => expect(container.querySelectorAll('.rt-dash-section .runtime-compact-table')).toHaveLength(5));
  return { container, calls: dataProvider.calls };
}

describe('a dashboard of banners and embedded pages (the portal home)', () => {
  it("shows a visitor the banner with the site's name, then the sections in order with their 更多 links", async () => {
    const { container, calls } = await home(null);
    const banner = container.querySelector('.rt-dash-banner')!;
    expect(banner.querySelector('h2')?.textContent).toBe('教育科研课题管理平台');
    expect(banner.querySelector('p')?.textContent).toBe('课题申报、开题、中期、成果鉴定与结题全过程管理');
    // The way in for an applicant: 注册 (for visitors) and 申报指南.
    expect(
      [...banner.querySelectorAll('.rt-dash-banner-links a')].map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['注册', '/signUp/signUp'],
      ['申报指南', '/applicationGuide'],
    ]);
    const sections = [...container.querySelectorAll('.rt-dash-section')];
    expect(sections.map((s) => s.querySelector('h3')?.textContent)).toEqual(SECTIONS);
    expect(sections.map((s) => s.getAttribute('aria-label'))).toEqual(SECTIONS);
    expect(sections.map((s) => s.querySelector('.rt-dash-section-head a')?.getAttribute('href'))).toEqual([
      '/applicationNotices',
      '/noticeAnnouncement',
      '/activityDynamics',
      '/relatedDownloads',
      '/rulesRegulations',
    ]);
    // The banner comes first; no workbench for a visitor, and nothing to count on the server.
    expect(container.querySelector('.rt-dash-cell')?.firstElementChild?.className).toBe('rt-dash-banner');
    expect(container.querySelector('.rt-dashboard')).toBeNull();
    expect(calls.filter((c) => c.method === 'getDashboard')).toEqual([]);
    expect(calls.filter((c) => c.method === 'getPage').map((c) => c.args[0])).toEqual([
      'portal/home.dashboard',
      'portal/notice.latest',
      'portal/announcement.latest',
      'portal/activityDynamics.latest',
      'portal/relatedDownloads.latest',
      'portal/rules.latest',
    ]);
  });

  it('shows a signed-in user their workbench between the banner and the sections', async () => {
    const { container, calls } = await home(ADMIN);
    await waitFor(() => expect(container.querySelectorAll('.rt-dashboard .rt-dash-block').length).toBeGreaterThan(0));
    const cells = [...container.querySelectorAll('.rt-dash-portal > .rt-dash-grid > .rt-dash-cell')];
    expect(cells[0].querySelector('.rt-dash-banner')).not.toBeNull();
    // Signed in: no 注册.
    expect([...cells[0].querySelectorAll('.rt-dash-banner-links a')].map((a) => a.textContent)).toEqual(['申报指南']);
    expect(cells[1].querySelector('.rt-dashboard')?.getAttribute('aria-label')).toBe('我的工作台');
    expect(cells.slice(2).map((c) => c.querySelector('h3')?.textContent)).toEqual(SECTIONS);
    // Only the workbench is counted; the home page itself asks for nothing.
    expect(calls.filter((c) => c.method === 'getDashboard').map((c) => c.args[0])).toEqual([
      'workbench/home.dashboard',
    ]);
  });
});

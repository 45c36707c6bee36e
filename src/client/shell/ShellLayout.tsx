import { Layout, Spin } from 'antd';
import {
  Suspense,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { loading } from '../api/loading.js';
import { Breadcrumbs } from './Breadcrumbs.js';
import { FooterBar } from './FooterBar.js';
import { HeaderBar } from './HeaderBar.js';
import { LazyGuidedTour, LazyLoginDialog } from './lazyParts.js';
import { menuNamesByPath } from './menuTree.js';
import { HOME_PATH } from './navigation.js';
import { pageNameOf } from './routeTree.js';
import { PageHeading } from './PageHeading.js';
import { RouteView } from './RouteView.js';
import { useShell } from './ShellContext.js';
import { SideMenu, useSideSection } from './SideMenu.js';
import { SideMenuButton } from './SideMenuButton.js';
import { useNarrowScreen } from '../hooks/useNarrowScreen.js';
import { rememberTourClosed, shouldShowTour, tourClosedThisSession } from './tourRule.js';
import { useFirstPaintDone } from '../hooks/useFirstPaintDone.js';
import { servedTitle } from './serverPage.js';

/** Global loading indicator for calls in flight (SPEC §7 lists the quiet ones); shown after 300 ms. */
function GlobalLoading() {
  const count = useSyncExternalStore(loading.subscribe, loading.count, () => 0);
  return <Spin spinning={count > 0} delay={300} fullscreen className="shell-global-loading" />;
}

/**
 * The frame: fixed header, fixed sider of the current section, breadcrumbs, page, footer. `page`
 * stands in for the route's page where the server draws the frame around its own drawing of it.
 */
export function ShellLayout({ page }: { page?: ReactNode } = {}) {
  const shell = useShell();
  const { routes, user, settings, currentSubSystem } = shell;
  const location = useLocation();
  const navigate = useNavigate();
  const subSystemRef = useRef<HTMLSpanElement>(null);
  const roleRef = useRef<HTMLSpanElement>(null);
  const entry = routes.match(location.pathname);
  const hideHeader = !!entry?.def.hideHeader;
  const section = useSideSection();
  // On a phone the section's entries open from a button above the page instead (SideMenuButton).
  const narrow = useNarrowScreen();
  const withSider = !!section && !hideHeader && !narrow;
  // The dialog is mounted from its first opening on, so it can animate closed afterwards.
  const [loginMounted, setLoginMounted] = useState(false);
  const painted = useFirstPaintDone();
  useEffect(() => {
    if (shell.login.open) setLoginMounted(true);
  }, [shell.login.open]);

  // A page the menu opens is named as its entry says (per role: 注册用户审核 for a city, 角色用户管理
  // for an administrator), in the heading, the browser tab and the breadcrumbs alike.
  const menuNames = useMemo(() => menuNamesByPath(shell.menu), [shell.menu]);
  const pageName = pageNameOf(entry, new URLSearchParams(location.search), menuNames);
  useEffect(() => {
    const name = pageName;
    const site = settings?.systemName ?? '';
    document.title =
      servedTitle(`${location.pathname}${location.search}`) ??
      (name && entry?.path !== HOME_PATH ? `${name} - ${site}` : site);
  }, [entry, pageName, location.pathname, location.search, settings?.systemName]);

  // Closed with ✕ in this login: read again on each render, so coming back to home keeps it closed.
  const [, setTourClosed] = useState(0);
  const showTour = shouldShowTour({
    onHome: location.pathname === HOME_PATH,
    loggedIn: !!user,
    loaded: !!currentSubSystem,
    remindAgain: currentSubSystem?.remindAgain,
    closedThisSession: tourClosedThisSession({ username: user?.username, subSystemId: currentSubSystem?.id }),
  });
  const closeTour = useCallback(() => {
    rememberTourClosed({ username: user?.username, subSystemId: currentSubSystem?.id });
    setTourClosed((n) => n + 1);
  }, [user?.username, currentSubSystem?.id]);

  // Tells browser tests whether the tour is still to be decided, open, or not coming. While the login
  // dialog is still closing, the shell may yet navigate to the page the visitor asked for: undecided.
  const tourState =
    !user || location.pathname !== HOME_PATH
      ? 'none'
      : !currentSubSystem || shell.login.open
        ? 'pending'
        : showTour && !hideHeader
          ? 'shown'
          : 'none';

  return (
    <Layout
      className={`shell${hideHeader ? ' shell-no-header' : ''}${withSider ? ' shell-with-sider' : ''}`}
      // The server's drawing of the frame (`page`) says nothing of the app's tour.
      data-tour={page ? undefined : tourState}
    >
      {!hideHeader && <HeaderBar subSystemRef={subSystemRef} roleRef={roleRef} />}
      <Layout className="shell-body">
        {withSider && <SideMenu section={section!} />}
        <Layout className="shell-main">
          {/* The history entry drawn (the router's key): a script driving the app sees when a move is on screen. */}
          <Layout.Content className="shell-content" data-entry={location.key}>
            <PageHeading name={pageName || settings?.systemName || ''} pathname={location.pathname} />
            {section && !hideHeader && narrow && <SideMenuButton section={section} />}
            <Breadcrumbs />
            {page ?? <RouteView />}
          </Layout.Content>
          <FooterBar footer={settings?.footer} />
        </Layout>
      </Layout>
      <Suspense fallback={null}>
        {(loginMounted || shell.login.open) && (
          <LazyLoginDialog
            open={shell.login.open}
            onClose={shell.closeLogin}
            onSuccess={() => {
              const redirect = shell.login.redirect;
              shell.closeLogin();
              if (redirect && redirect !== location.pathname + location.search) navigate(redirect);
            }}
          />
        )}
        {tourState === 'shown' && (
          <LazyGuidedTour show subSystemRef={subSystemRef} roleRef={roleRef} onClose={closeTour} />
        )}
      </Suspense>
      {/* Shown only for calls over 300 ms: it can wait until the first frame is on screen. */}
      {painted && !page && <GlobalLoading />}
    </Layout>
  );
}

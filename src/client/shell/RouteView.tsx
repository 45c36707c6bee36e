import { Component, Suspense, useEffect, useRef, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { notify } from '../api/notifier.js';
import { useShell } from './ShellContext.js';
import { findNode, firstLeafPath } from './menuTree.js';
import { FORBIDDEN_PATH, HOME_PATH, NO_SECTION_RIGHTS } from './navigation.js';
import {
  LazyForbiddenPage as ForbiddenPage,
  LazyNotFoundPage,
  LazyServerErrorPage as ServerErrorPage,
} from './lazyParts.js';
import { needsLogin, routeKind, type RouteEntry } from './routeTree.js';
import { PageLoading, SchemaPageHost } from './SchemaPageHost.js';
import type { ShellComponentName } from './componentNames.js';

/** The fallback page, with its own loading state (it is loaded on first use). */
function NotFoundPage() {
  return (
    <Suspense fallback={<PageLoading />}>
      <LazyNotFoundPage />
    </Suspense>
  );
}

/** Hand-written screens by the name routes.json gives them. */
const SCREENS: Record<ShellComponentName, ComponentType> = {
  '403': ForbiddenPage,
  '500': ServerErrorPage,
  notFound: NotFoundPage,
};

/** A visitor on a private page: to home, with the login dialog open (then back here after login). */
function LoginFirst({ redirect }: { redirect: string }) {
  const { openLogin } = useShell();
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    openLogin(redirect);
    navigate(HOME_PATH, { replace: true });
  }, [openLogin, navigate, redirect]);
  return null;
}

/** A section opens its first entry in the role's menu; none → 你没有该栏目的权限！！ and /403. */
function SectionRedirect({ entry }: { entry: RouteEntry }) {
  const { menu } = useShell();
  const node = menu ? findNode(menu, entry.path) : undefined;
  const target = node ? firstLeafPath(node) : null;
  const denied = !!menu && (!target || target === entry.path);
  useEffect(() => {
    if (denied) notify.warning(NO_SECTION_RIGHTS, 'no-section-rights');
  }, [denied]);
  if (!menu) return <PageLoading />;
  if (denied || !target) return <Navigate to={FORBIDDEN_PATH} replace />;
  return <Navigate to={target} replace />;
}

/** A crash in one page shows the 500 screen instead of a blank app; the next navigation resets it. */
class PageBoundary extends Component<{ resetKey: string; children: ReactNode }, { failed: boolean; key: string }> {
  override state = { failed: false, key: this.props.resetKey };
  static getDerivedStateFromProps(props: { resetKey: string }, state: { failed: boolean; key: string }) {
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }
  override render() {
    return (
      <Suspense fallback={<PageLoading />}>{this.state.failed ? <ServerErrorPage /> : this.props.children}</Suspense>
    );
  }
}

/**
 * What is shown at the current location: the login check first (SPEC §2), then the route's
 * redirect, page schema, hand-written screen or section; unknown paths and routes whose module is
 * not built show the fallback page.
 */
export function RouteView() {
  const { routes, user } = useShell();
  const location = useLocation();
  const entry = routes.match(location.pathname);
  const key = location.pathname + location.search;

  if (!entry) return <NotFoundPage />;
  if (needsLogin(entry) && !user) return <LoginFirst redirect={key} />;

  const kind = routeKind(entry.def);
  let content: JSX.Element;
  switch (kind.kind) {
    case 'redirect':
      return <Navigate to={kind.to + (kind.to === entry.path ? '' : location.search)} replace />;
    case 'section':
      return <SectionRedirect entry={entry} />;
    case 'component': {
      const Screen = SCREENS[kind.component as ShellComponentName] ?? NotFoundPage;
      content = <Screen />;
      break;
    }
    case 'page':
      content = (
        <SchemaPageHost
          key={key}
          pageId={kind.page}
          pageChunk={entry.def.pageChunk}
          mode={kind.mode}
          query={{ ...kind.query, ...Object.fromEntries(new URLSearchParams(location.search)) }}
        />
      );
      break;
    default:
      content = <NotFoundPage />;
  }
  return <PageBoundary resetKey={key}>{content}</PageBoundary>;
}

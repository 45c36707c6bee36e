/**
 * Parts of the shell that most visits never need on the first screen: loaded on first use so the
 * first load stays small (the dialogs pull in antd's Form, Modal, Radio; the tour its own engine;
 * the result screens their illustrations).
 */
import { loadable } from '../runtime/loadable.js';
import { lazy } from 'react';

export const loadLoginDialog = () => import('./LoginDialog.js');
export const LazyLoginDialog = lazy(() => loadLoginDialog().then((m) => ({ default: m.LoginDialog })));
export const LazyRoleSwitchDialog = lazy(() =>
  import('./RoleSwitchDialog.js').then((m) => ({ default: m.RoleSwitchDialog })),
);
export const LazySubSystemSwitchDialog = lazy(() =>
  import('./SubSystemSwitchDialog.js').then((m) => ({ default: m.SubSystemSwitchDialog })),
);
// The bell's popover list (antd List, pager, Typography) is for signed-in users only.
export const LazyNotificationBell = lazy(() =>
  import('./NotificationBell.js').then((m) => ({ default: m.NotificationBell })),
);
export const LazyGuidedTour = lazy(() => import('./GuidedTour.js').then((m) => ({ default: m.GuidedTour })));
export const LazyForbiddenPage = lazy(() =>
  import('./pages/ResultPages.js').then((m) => ({ default: m.ForbiddenPage })),
);
export const LazyServerErrorPage = lazy(() =>
  import('./pages/ResultPages.js').then((m) => ({ default: m.ServerErrorPage })),
);
// Drawn at once where it is already in (hydrating the server's 404: main.tsx loads it first).
export const LazyNotFoundPage = loadable(() => import('./pages/ResultPages.js').then((m) => m.NotFoundPage));

/**
 * Fetches the login dialog when the pointer reaches 登录 (or it takes focus), so the click opens it
 * at once; visitors who only read the portal never download the form it brings.
 */
export function prefetchLoginDialog(): void {
  void loadLoginDialog();
}

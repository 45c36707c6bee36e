/**
 * Parts of the shell that most visits never need on the first screen: loaded on first use so the
 * first load stays small (the dialogs pull in antd's Form, Modal, Radio; the tour its own engine;
 * the result screens their illustrations).
 */
import { lazy } from 'react';

export const loadLoginDialog = () => import('./LoginDialog.js');
export const LazyLoginDialog = lazy(() => loadLoginDialog().then((m) => ({ default: m.LoginDialog })));
export const LazyRoleSwitchDialog = lazy(() => import('./RoleSwitchDialog.js').then((m) => ({ default: m.RoleSwitchDialog })));
export const LazySubSystemSwitchDialog = lazy(() => import('./SubSystemSwitchDialog.js').then((m) => ({ default: m.SubSystemSwitchDialog })));
export const LazyGuidedTour = lazy(() => import('./GuidedTour.js').then((m) => ({ default: m.GuidedTour })));
export const LazyForbiddenPage = lazy(() => import('./pages/ResultPages.js').then((m) => ({ default: m.ForbiddenPage })));
export const LazyServerErrorPage = lazy(() => import('./pages/ResultPages.js').then((m) => ({ default: m.ServerErrorPage })));
export const LazyNotFoundPage = lazy(() => import('./pages/ResultPages.js').then((m) => ({ default: m.NotFoundPage })));

/** Fetches the login dialog while the browser is idle, so the first click on 登录 opens it at once. */
export function prefetchLoginDialog(): void {
  const idle = (globalThis as { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 1500));
  idle(() => void loadLoginDialog());
}

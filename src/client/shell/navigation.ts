/** Where the shell sends people. */
export const HOME_PATH = '/homePage';
export const FORBIDDEN_PATH = '/403';
export const SERVER_ERROR_PATH = '/500';
export const SIGN_UP_PATH = '/signUp/signUp';
export const NO_SECTION_RIGHTS = '你没有该栏目的权限！！';

/** react-router basename from the page's base (api/appBase.ts) ('/' → '', '/portal/' → '/portal'). */
export function routerBasename(base: string): string {
  const trimmed = base.replace(/\/+$/, '');
  return trimmed === '' ? '' : trimmed;
}

import type { NavigateFunction } from 'react-router-dom';
import { HOME_PATH } from './navigation.js';

/** "Goes to or reloads home" (SPEC §4): a reload on home, else a navigation there. */
export function goOrReloadHome(
  navigate: NavigateFunction,
  pathname: string,
  reload: () => void = () => window.location.reload(),
): void {
  if (pathname === HOME_PATH) reload();
  else navigate(HOME_PATH);
}

import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { session, type UserInfo } from '../api/session.js';
import type { LoadedRouteDef } from '../../shared/schema/types.js';
import { RouteIndex } from './routeTree.js';
import type { ServerMenuNode } from './menuTree.js';
import { platformApi, type SubSystemInfo, type SystemSettings } from './platformApi.js';
import { onEarlyLoginPress } from './serverPage.js';
import { onDataChanged } from '../runtime/dataChanged.js';

/** A burst of writes (a batch action) reloads the badges once, this long after the last. */
export const BADGE_RELOAD_DELAY_MS = 300;

export interface LoginState {
  open: boolean;
  /** Where to go after a successful login (the private page that asked for it). */
  redirect?: string;
}

export interface ShellState {
  routes: RouteIndex;
  settings: SystemSettings | null;
  user: UserInfo | null;
  subSystems: SubSystemInfo[];
  currentSubSystem: SubSystemInfo | undefined;
  /** The role's menu; null while loading or for visitors. */
  menu: ServerMenuNode[] | null;
  reloadMenu(): void;
  reloadSubSystems(): Promise<void>;
  login: LoginState;
  openLogin(redirect?: string): void;
  closeLogin(): void;
}

const ShellContext = createContext<ShellState | null>(null);

export function useShell(): ShellState {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell outside ShellProvider');
  return value;
}

export function useUser(): UserInfo | null {
  return useSyncExternalStore(session.subscribe, session.user, () => null);
}

export function currentSubSystemOf(list: SubSystemInfo[], user: UserInfo | null): SubSystemInfo | undefined {
  if (!user) return undefined;
  return list.find((s) => s.current === 1) ?? list.find((s) => String(s.id) === String(user.subSystemId));
}

const NONE: SubSystemInfo[] = [];

export function ShellProvider(props: {
  routes: LoadedRouteDef[];
  settings: SystemSettings | null;
  children: ReactNode;
}) {
  const user = useUser();
  const routes = useMemo(() => new RouteIndex(props.routes), [props.routes]);
  const [subSystems, setSubSystems] = useState<SubSystemInfo[]>(NONE);
  const [menu, setMenu] = useState<ServerMenuNode[] | null>(null);
  const [menuVersion, setMenuVersion] = useState(0);
  const [login, setLogin] = useState<LoginState>({ open: false });
  // 登录 pressed on the page the server drew, before the app showed its own, opens the dialog.
  useEffect(() => onEarlyLoginPress(() => setLogin({ open: true })), []);
  const token = user?.token ?? null;

  const reloadSubSystems = useCallback(async () => {
    if (!session.isLoggedIn()) {
      setSubSystems(NONE);
      return;
    }
    try {
      setSubSystems(await platformApi.listSubSystems());
    } catch {
      setSubSystems([]);
    }
  }, []);

  // A new token (login, role or sub-system switch) means a new menu and sub-system list; a reload
  // after a change keeps the menu on screen until the new counts arrive.
  const menuToken = useRef<string | null>(null);
  useEffect(() => {
    let live = true;
    if (menuToken.current !== token) setMenu(null);
    menuToken.current = token;
    if (!token) {
      // The same empty list: an update here, as a hydrated page mounts, would have React draw the
      // parts still hydrating afresh.
      setSubSystems(NONE);
      return;
    }
    platformApi.menu().then(
      (m) => {
        if (live) setMenu(Array.isArray(m) ? m : []);
      },
      () => {
        if (live) setMenu([]);
      },
    );
    void reloadSubSystems();
    return () => {
      live = false;
    };
  }, [token, menuVersion, reloadSubSystems]);

  // The request layer asks for the login flow when the server says the session is gone.
  useEffect(
    () => session.onLoginRequest((req) => setLogin((cur) => ({ open: true, redirect: req.redirect ?? cur.redirect }))),
    [],
  );

  const openLogin = useCallback((redirect?: string) => setLogin({ open: true, redirect }), []);
  const closeLogin = useCallback(() => setLogin({ open: false }), []);
  const reloadMenu = useCallback(() => setMenuVersion((v) => v + 1), []);

  // Every write the runtime makes may change what the badges count: they are read again, once
  // for a burst of writes (a batch), while signed in.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onDataChanged(() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (session.isLoggedIn()) reloadMenu();
      }, BADGE_RELOAD_DELAY_MS);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [reloadMenu]);

  const value = useMemo<ShellState>(
    () => ({
      routes,
      settings: props.settings,
      user,
      subSystems,
      currentSubSystem: currentSubSystemOf(subSystems, user),
      menu,
      reloadMenu,
      reloadSubSystems,
      login,
      openLogin,
      closeLogin,
    }),
    [routes, props.settings, user, subSystems, menu, reloadMenu, reloadSubSystems, login, openLogin, closeLogin],
  );

  return <ShellContext.Provider value={value}>{props.children}</ShellContext.Provider>;
}

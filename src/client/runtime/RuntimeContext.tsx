/**
 * What every page and widget of the runtime reads from React context: the data provider (the only
 * way to the network), the dictionary store, the user rules see, and the clock. The shell renders
 * SchemaPage without a provider and gets the real request layer and session; tests wrap it in a
 * RuntimeProvider with a fixture provider, a fixed user and a fixed clock.
 */
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from 'react';
import { http } from '../api/http.js';
import { session, type UserInfo } from '../api/session.js';
import type { DictionaryFlags } from '../../shared/dictionaryRules.js';
import { createHttpDataProvider, type DataProvider } from './data/dataProvider.js';
import { DictionaryStore } from './dictionaries/dictionaryStore.js';
import type { RuntimeUser } from './model/ruleContext.js';

export interface RuntimeEnv {
  dataProvider: DataProvider;
  dictionaries: DictionaryStore;
  user: RuntimeUser | null;
  /** Flags dictionary rules read (SPEC §5 isTopicAppraisal), e.g. from the sub-system settings. */
  dictionaryFlags: DictionaryFlags;
  /** The site settings a page may show (a dashboard banner's site name); null when none were given. */
  siteSettings: SiteSettings | null;
  now: () => number;
}

/** The site settings pages read (schemas/meta/dashboard-page: a banner's `setting`). */
export interface SiteSettings {
  systemName?: string;
}

const RuntimeContext = createContext<RuntimeEnv | null>(null);

/** One store per provider, kept for the session: pages come and go, dictionaries stay loaded. */
const stores = new WeakMap<DataProvider, { store: DictionaryStore; login: { loggedIn: boolean } }>();
export function dictionaryStoreFor(dataProvider: DataProvider, loggedIn: boolean): DictionaryStore {
  let entry = stores.get(dataProvider);
  if (!entry) {
    // The login state is read at each request: one store outlives logins and logouts.
    const login = { loggedIn };
    entry = { store: new DictionaryStore({ source: dataProvider, isLoggedIn: () => login.loggedIn }), login };
    stores.set(dataProvider, entry);
  }
  entry.login.loggedIn = loggedIn;
  return entry.store;
}

let httpProvider: DataProvider | null = null;
/** The app's data provider: the request layer, for the signed-in session or a visitor. */
export function defaultDataProvider(): DataProvider {
  httpProvider ??= createHttpDataProvider(http);
  return httpProvider;
}

export function toRuntimeUser(u: UserInfo | null): RuntimeUser | null {
  if (!u) return null;
  const userId = typeof u.userId === 'string' || typeof u.userId === 'number' ? String(u.userId) : u.username;
  return {
    userId,
    username: u.username,
    realName: u.realName,
    roleCode: u.roleCode,
    areaCode: u.areaCode ?? null,
    orgName: u.orgName ?? null,
    subSystemId: u.subSystemId ?? null,
    roles: (u.roleList ?? []).map((r) => r.roleCode),
  };
}

function useSessionUser(): RuntimeUser | null {
  const info = useSyncExternalStore(session.subscribe, session.user, () => null);
  return useMemo(() => toRuntimeUser(info), [info]);
}

let watching = false;

export interface RuntimeProviderProps {
  dataProvider?: DataProvider;
  /** The user rules see; omitted: the logged-in user of the session. */
  user?: RuntimeUser | null;
  dictionaryFlags?: DictionaryFlags;
  siteSettings?: SiteSettings | null;
  now?: () => number;
  children: ReactNode;
}

export function RuntimeProvider(props: RuntimeProviderProps) {
  const sessionUser = useSessionUser();
  const user = props.user !== undefined ? props.user : sessionUser;
  const dataProvider = props.dataProvider ?? defaultDataProvider();
  const loggedIn = user !== null;
  const env = useMemo<RuntimeEnv>(
    () => ({
      dataProvider,
      dictionaries: dictionaryStoreFor(dataProvider, loggedIn),
      user,
      dictionaryFlags: props.dictionaryFlags ?? {},
      siteSettings: props.siteSettings ?? null,
      now: props.now ?? Date.now,
    }),
    [dataProvider, user, loggedIn, props.dictionaryFlags, props.siteSettings, props.now],
  );
  useEffect(() => {
    // The real store watches the window once per session (focus + timer); fixture ones never do.
    if ((props.dataProvider && props.dataProvider !== httpProvider) || watching || typeof window === 'undefined')
      return;
    watching = true;
    env.dictionaries.watch(window);
  }, [env, props.dataProvider]);
  return <RuntimeContext.Provider value={env}>{props.children}</RuntimeContext.Provider>;
}

export function useRuntime(): RuntimeEnv {
  const env = useContext(RuntimeContext);
  if (!env) throw new Error('runtime pages render inside <RuntimeProvider> (SchemaPage provides one)');
  return env;
}

export function useOptionalRuntime(): RuntimeEnv | null {
  return useContext(RuntimeContext);
}

/** Draws another page schema in place (a dashboard's page block): SchemaPage, which hands itself down. */
export type EmbeddedPage = ComponentType<{ pageId: string; placeholder?: ReactNode }>;

/**
 * The page renderer, through context rather than an import: SchemaPage loads the page kinds, so a kind
 * importing SchemaPage back would close a loop.
 */
const EmbeddedPageContext = createContext<EmbeddedPage | null>(null);
export const EmbeddedPageProvider = EmbeddedPageContext.Provider;

export function useEmbeddedPage(): EmbeddedPage {
  const render = useContext(EmbeddedPageContext);
  if (!render) throw new Error('embedded pages render inside SchemaPage');
  return render;
}

/**
 * The app's one tree, as the browser runs it and as the server draws a public page with it
 * (ssr/serverFrame.tsx): the same providers in the same order around the same shell, so the
 * browser can hydrate the server's markup in place (main.tsx) rather than draw it again. What
 * differs between the two is handed in: the router, the style cache, and the page prepared before
 * the first render.
 */
import { StyleProvider, type createCache } from '@ant-design/cssinjs';
import { ConfigProvider, Spin, type ThemeConfig } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { setNotifier } from '../api/notifier.js';
import { MessageProvider, useMessage } from '../feedback/messages.js';
import { DrawnAtOnce } from '../hooks/useFirstPaintDone.js';
import { DrawnNarrow } from '../hooks/useNarrowScreen.js';
import { PreparedPagesProvider, type PreparedPages } from '../runtime/pages/preparedPagesContext.js';
import type { Boot } from './bootData.js';
import { ShellLayout } from './ShellLayout.js';
import { ShellProvider } from './ShellContext.js';

/** Routes the request layer's messages through the app's message holder, so they follow the theme. */
function NotifierBridge() {
  const message = useMessage();
  useEffect(() => {
    setNotifier({
      error: (content, key) => void message.error(key ? { content, key } : content),
      warning: (content, key) => void message.warning(key ? { content, key } : content),
      success: (content, key) => void message.success(key ? { content, key } : content),
    });
    return () => setNotifier(null);
  }, [message]);
  return null;
}

/**
 * The address the server drew is drawn in one go, with its page prepared (as the server drew it,
 * and as the browser hydrates that drawing); every later address loads its page as it mounts.
 */
function ServedAddress(props: {
  atOnce: boolean;
  narrow: boolean;
  prepared: PreparedPages | null;
  children: ReactNode;
}) {
  const { key } = useLocation();
  const first = useRef(key);
  const served = props.atOnce && key === first.current;
  const { prepared, children } = props;
  return (
    <DrawnAtOnce.Provider value={served}>
      <DrawnNarrow.Provider value={served && props.narrow}>
        <PreparedPagesProvider value={served ? prepared : null}>{children}</PreparedPagesProvider>
      </DrawnNarrow.Provider>
    </DrawnAtOnce.Provider>
  );
}

/**
 * antd puts a motion provider around a tree from the render where the tree's motion first differs
 * from its parent's, and the whole tree is drawn afresh then: the app's theme turns motion off for
 * a person who asked for less motion, which the browser reads once the server's drawing (in motion)
 * is hydrated. Under a parent without motion the provider is there from the first render, and
 * turning motion off later changes no element.
 */
const MOTION_OFF: ThemeConfig = { token: { motion: false } };

export interface AppTreeProps {
  cache: ReturnType<typeof createCache>;
  theme: ThemeConfig;
  wave?: { disabled?: boolean };
  /** The route tree and site settings; the shell waits for them under a spinner. */
  boot: Boot | null;
  /** The router around the shell: the browser's history, or the one address the server draws. */
  router: (shell: ReactNode) => ReactNode;
  /**
   * The first address is drawn in one go (the server's drawing, and the browser hydrating it):
   * parts that wait for the first paint are drawn at once, and its page is `prepared`.
   */
  atOnce?: boolean;
  /** The first address is drawn for a phone (tables folded): the server was told so by the browser. */
  narrow?: boolean;
  /** The page at the first address, prepared before the first render (null: loaded as it mounts). */
  prepared?: PreparedPages | null;
  /** The server's own drawing of the page, in place of the route's (where the runtime's is not drawn). */
  page?: ReactNode;
}

export function AppTree(props: AppTreeProps) {
  const { cache, theme, wave, boot, router, atOnce = false, narrow = false, prepared = null, page } = props;
  return (
    <StyleProvider cache={cache}>
      <ConfigProvider theme={MOTION_OFF}>
        <ConfigProvider locale={zhCN} theme={theme} wave={wave}>
          <MessageProvider>
            <NotifierBridge />
            {boot ? (
              router(
                <ServedAddress atOnce={atOnce} narrow={narrow} prepared={prepared}>
                  <ShellProvider routes={boot.routes} settings={boot.settings}>
                    <ShellLayout page={page} />
                  </ShellProvider>
                </ServedAddress>,
              )
            ) : (
              <div className="shell-boot">
                <Spin size="large" />
              </div>
            )}
          </MessageProvider>
        </ConfigProvider>
      </ConfigProvider>
    </StyleProvider>
  );
}

import { theme } from 'antd';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { bootIfReady, requestBoot, type Boot } from './bootData.js';
import { routerBasename } from './navigation.js';
import { appBase } from '../api/appBase.js';
import { AppTree } from './AppTree.js';
import './shell.css';
import { usePrefersReducedMotion } from '../hooks/usePrefersReducedMotion.js';
import type { PreparedPages } from '../runtime/pages/preparedPagesContext.js';
import { retainedStyleCache } from '../runtime/retainedStyleCache.js';

const STYLE_CACHE = retainedStyleCache();

/**
 * Default theme light (SPEC §9). Every text keeps a contrast of at least 4.5:1 on what it is drawn
 * on (WCAG 2 AA): antd's secondary text (#8c8c8c, 3.4:1) is darkened, badges count in white on a
 * deeper red, and tags write in the darker shade of their colour (green 7 on green 1 is 3.4:1).
 */
export const THEME = {
  algorithm: theme.defaultAlgorithm,
  token: {
    // Said, not inherited: the app's tree sits under a provider without motion (AppTree.tsx).
    motion: true,
    colorPrimary: '#1d5fbf',
    // antd lightens a colour under the pointer (#3f7ccc: white on it 4.2:1); here it darkens.
    colorPrimaryHover: '#174f9f',
    // Links in the theme's blue (antd's own link blue #1677ff is 4.1:1 on white).
    colorLink: '#1d5fbf',
    colorLinkHover: '#174f9f',
    borderRadius: 4,
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    // Description labels and other tertiary text; placeholders (the only hint an empty select gives).
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    // Danger buttons and error text: antd's #ff4d4f is 3.3:1 on white.
    colorError: '#cf1322',
  },
  components: {
    // An empty table's 暂无数据 is written in the disabled colour (1.8:1): it is text to read.
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.55)' },
    Empty: { colorTextDisabled: 'rgba(0, 0, 0, 0.55)' },
    // Eight top-level sections of an administrator fit the header at 1366 px.
    Menu: { itemPaddingInline: 12 },
    Badge: { colorError: '#cf1322' },
    Tag: {
      colorSuccess: '#237804',
      colorInfo: '#0958d9',
      colorWarning: '#ad4e00',
      colorError: '#cf1322',
      volcano7: '#ad2102',
      orange7: '#ad4e00',
      gold7: '#874d00',
      yellow7: '#876800',
      lime7: '#3f6600',
      green7: '#237804',
      cyan7: '#006d75',
    },
  },
};

/** What the browser hydrates: the server's drawing of the address, and the page it was drawn from. */
export interface Hydrating {
  boot: Boot;
  prepared: PreparedPages | null;
  /** The server drew the page for a phone. */
  narrow: boolean;
}

/**
 * The web app: providers, then the shell once the route tree and site settings are in. Hydrating
 * the server's drawing, its first render is the server's (the default theme, the page prepared).
 */
export function App({ hydrating }: { hydrating?: Hydrating } = {}) {
  const [boot, setBoot] = useState<Boot | null>(() => hydrating?.boot ?? bootIfReady());
  useEffect(() => {
    if (boot) return;
    let live = true;
    // Usually already under way: main.tsx asks for it before rendering.
    void requestBoot().then((b) => {
      if (live) setBoot(b);
    });
    return () => {
      live = false;
    };
  }, [boot]);

  // Asked for less motion: no opening, closing or sliding, and no ripple after a click.
  const reducedMotion = usePrefersReducedMotion(hydrating ? false : undefined);
  const theme = useMemo(
    () => (reducedMotion ? { ...THEME, token: { ...THEME.token, motion: false } } : THEME),
    [reducedMotion],
  );
  const wave = useMemo(() => ({ disabled: reducedMotion }), [reducedMotion]);
  const router = useCallback(
    (shell: ReactNode) => (
      <BrowserRouter
        basename={routerBasename(appBase())}
        future={{ v7_startTransition: true, v7_relativeSplatPath: true }}
      >
        {shell}
      </BrowserRouter>
    ),
    [],
  );

  return (
    <AppTree
      cache={STYLE_CACHE}
      theme={theme}
      wave={wave}
      boot={boot}
      router={router}
      atOnce={!!hydrating}
      narrow={!!hydrating?.narrow}
      prepared={hydrating?.prepared ?? null}
    />
  );
}

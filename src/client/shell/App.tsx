import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider, Spin, theme } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect, useMemo, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { setNotifier } from '../api/notifier.js';
import { bootIfReady, requestBoot, type Boot } from './bootData.js';
import { routerBasename } from './navigation.js';
import { appBase } from '../api/appBase.js';
import { ShellLayout } from './ShellLayout.js';
import { ShellProvider } from './ShellContext.js';
import './shell.css';
import { MessageProvider, useMessage } from '../feedback/messages.js';
import { usePrefersReducedMotion } from '../hooks/usePrefersReducedMotion.js';
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

/** The web app: providers, then the shell once the route tree and site settings are in. */
export function App() {
  const [boot, setBoot] = useState<Boot | null>(bootIfReady);
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
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(
    () => (reducedMotion ? { ...THEME, token: { ...THEME.token, motion: false } } : THEME),
    [reducedMotion],
  );
  const wave = useMemo(() => ({ disabled: reducedMotion }), [reducedMotion]);

  return (
    <StyleProvider cache={STYLE_CACHE}>
      <ConfigProvider locale={zhCN} theme={theme} wave={wave}>
        <MessageProvider>
          <NotifierBridge />
          {boot ? (
            <BrowserRouter
              basename={routerBasename(appBase())}
              future={{ v7_startTransition: true, v7_relativeSplatPath: true }}
            >
              <ShellProvider routes={boot.routes} settings={boot.settings}>
                <ShellLayout />
              </ShellProvider>
            </BrowserRouter>
          ) : (
            <div className="shell-boot">
              <Spin size="large" />
            </div>
          )}
        </MessageProvider>
      </ConfigProvider>
    </StyleProvider>
  );
}

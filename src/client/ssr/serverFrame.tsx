/**
 * The server's drawing of the shell around a public page: the same header (navigation, 注册, 登录),
 * breadcrumbs and footer the app draws, from the same components, with antd's styles for them.
 * Built on its own for Node (`vite build --ssr`, into dist-ssr/) and loaded by the server at run
 * time (server/platform/web/publicPages/serverFrame.ts); the browser never loads it.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import type { LoadedRouteDef } from '../../shared/schema/types.js';
import { setBaseOutsideBrowser } from '../api/appBase.js';
import { DrawnAtOnce } from '../hooks/useFirstPaintDone.js';
import { THEME } from '../shell/App.js';
import { routerBasename } from '../shell/navigation.js';
import type { SystemSettings } from '../shell/platformApi.js';
import { ShellProvider } from '../shell/ShellContext.js';
import { ShellLayout } from '../shell/ShellLayout.js';

export interface FrameInput {
  /** The address drawn, under the base path, with its query. */
  url: string;
  basePath: string;
  routes: LoadedRouteDef[];
  settings: SystemSettings | null;
  /** The page's own drawing (escaped by the server), put where the app draws the route's page. */
  pageHtml: string;
}

/** The shell's markup around the page, and the <style> elements antd's styles for it need. */
export function renderFrame(input: FrameInput): { html: string; styles: string } {
  setBaseOutsideBrowser(input.basePath);
  // A cache of its own for each page: its styles are exactly the ones this page's markup uses.
  const cache = createCache();
  const html = renderToString(
    <StyleProvider cache={cache}>
      <ConfigProvider locale={zhCN} theme={THEME}>
        <StaticRouter basename={routerBasename(input.basePath)} location={input.url}>
          <DrawnAtOnce.Provider value>
            <ShellProvider routes={input.routes} settings={input.settings}>
              <ShellLayout page={<div className="ssr-page" dangerouslySetInnerHTML={{ __html: input.pageHtml }} />} />
            </ShellProvider>
          </DrawnAtOnce.Provider>
        </StaticRouter>
      </ConfigProvider>
    </StyleProvider>,
  );
  return { html, styles: extractStyle(cache) };
}

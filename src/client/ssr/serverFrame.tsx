/**
 * The server's drawing of the shell around a public page: the same header (navigation, 注册, 登录),
 * breadcrumbs and footer the app draws, from the same components, with antd's styles for them.
 * Built on its own for Node (`vite build --ssr`, into dist-ssr/) and loaded by the server at run
 * time (server/platform/web/publicPages/serverFrame.ts); the browser never loads it.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { StaticRouter } from 'react-router-dom/server';
import type { LoadedRouteDef } from '../../shared/schema/types.js';
import { setBaseOutsideBrowser } from '../api/appBase.js';
import { DrawnAtOnce } from '../hooks/useFirstPaintDone.js';
import { THEME } from '../shell/App.js';
import { routerBasename } from '../shell/navigation.js';
import type { SystemSettings } from '../shell/platformApi.js';
import { ShellProvider } from '../shell/ShellContext.js';
import { ShellLayout } from '../shell/ShellLayout.js';
import { setSanitizerOutsideBrowser } from '../runtime/widgets/sanitizeHtml.js';
import type { AskServer } from './askingProvider.js';
import { markupOf } from './markupOf.js';
import { drawPage, type PageToDraw } from './pageDrawing.js';
import { NotFoundPage } from '../shell/pages/ResultPages.js';

export interface FrameInput {
  /** The address drawn, under the base path, with its query. */
  url: string;
  basePath: string;
  routes: LoadedRouteDef[];
  settings: SystemSettings | null;
  /** The server's own drawing of the page (escaped by the server), where the runtime's is not drawn. */
  pageHtml: string;
  /** An address no route declares: the app's own 404 page is drawn (the shell's NotFoundPage). */
  notFound?: boolean;
  /** The route's page schema, drawn with the runtime's own page kinds (pageDrawing.tsx). */
  page?: PageToDraw;
  /** A visitor's call to the app's API, answered by the server: what the page reads. */
  ask?: AskServer;
  /** The server's rich-text sanitiser, for rich text drawn where there is no DOM to clean it in. */
  sanitize?: (html: string) => string;
}

/** What the frame answers: its markup, antd's <style> elements for it, and whose drawing of the page is in it. */
export interface DrawnFrame {
  html: string;
  styles: string;
  /** Whether the page inside is the runtime's drawing (true) or the server's `pageHtml` (false). */
  drawn: boolean;
}

/** The runtime's drawing of the page, or null where it cannot be drawn (no page, or its drawing failed). */
async function runtimeDrawing(input: FrameInput): Promise<Awaited<ReturnType<typeof drawPage>>> {
  if (!input.page || !input.ask) return null;
  // As SchemaPageHost hands them to the runtime.
  const settings = input.settings;
  try {
    return await drawPage(
      input.ask,
      input.page,
      { systemName: settings?.systemName },
      { isTopicAppraisal: settings?.isTopicAppraisal },
    );
  } catch (e) {
    console.error('public page drawing', e);
    return null;
  }
}

/** The shell's markup around the page, and the <style> elements antd's styles for it need. */
export async function renderFrame(input: FrameInput): Promise<DrawnFrame> {
  setBaseOutsideBrowser(input.basePath);
  setSanitizerOutsideBrowser(input.sanitize ?? null);
  const drawing = await runtimeDrawing(input);
  try {
    if (input.notFound)
      return await frameAround(
        input,
        <div className="ssr-page ssr-drawn">
          <NotFoundPage />
        </div>,
        true,
      );
    if (drawing) {
      const frame = await frameAround(input, <div className="ssr-page ssr-drawn">{drawing.tree}</div>, true);
      return { ...frame, styles: frame.styles + drawing.styles() };
    }
  } catch (e) {
    // The server's own drawing of the page stands in: a visitor still gets the page.
    console.error('public page drawing', e);
  }
  return frameAround(input, <div className="ssr-page" dangerouslySetInnerHTML={{ __html: input.pageHtml }} />, false);
}

async function frameAround(input: FrameInput, page: ReactNode, drawn: boolean): Promise<DrawnFrame> {
  // A cache of its own for each page: its styles are exactly the ones this page's markup uses.
  const cache = createCache();
  const html = await markupOf(
    <StyleProvider cache={cache}>
      <ConfigProvider locale={zhCN} theme={THEME}>
        <StaticRouter basename={routerBasename(input.basePath)} location={input.url}>
          <DrawnAtOnce.Provider value>
            <ShellProvider routes={input.routes} settings={input.settings}>
              <ShellLayout page={page} />
            </ShellProvider>
          </DrawnAtOnce.Provider>
        </StaticRouter>
      </ConfigProvider>
    </StyleProvider>,
  );
  return { html, styles: extractStyle(cache), drawn };
}

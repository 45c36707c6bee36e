/**
 * The server's drawing of a public page: the app's own tree (shell/AppTree.tsx) at the address, the
 * header (navigation, 注册, 登录), breadcrumbs, the route's page and footer, with antd's styles for
 * them; the browser hydrates it in place (main.tsx).
 * Built on its own for Node (`vite build --ssr`, into dist-ssr/) and loaded by the server at run
 * time (server/platform/web/publicPages/serverFrame.ts); the browser never loads it.
 */
import { createCache, extractStyle } from '@ant-design/cssinjs';
import type { ReactNode } from 'react';
import { StaticRouter } from 'react-router-dom/server';
import type { LoadedRouteDef } from '../../shared/schema/types.js';
import { setBaseOutsideBrowser } from '../api/appBase.js';
import { THEME } from '../shell/App.js';
import { AppTree } from '../shell/AppTree.js';
import { routerBasename } from '../shell/navigation.js';
import type { SystemSettings } from '../shell/platformApi.js';
import { setSanitizerOutsideBrowser } from '../runtime/widgets/sanitizeHtml.js';
import { GridRulesProvider } from '../runtime/widgets/FormGrid.js';
import type { AskServer } from './askingProvider.js';
import { markupOf } from './markupOf.js';
import { gridStyles, prepareDrawing, type PageDrawing, type PageToDraw } from './pageDrawing.js';

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
  /** Drawn for a phone (the browser said so): tables folded as the app folds them under 576 px. */
  narrow?: boolean;
}

/** What the frame answers: its markup, antd's <style> elements for it, and whose drawing of the page is in it. */
export interface DrawnFrame {
  html: string;
  styles: string;
  /** Whether the page inside is the runtime's drawing (true) or the server's `pageHtml` (false). */
  drawn: boolean;
  /** Where drawn, the page the browser prepares before hydrating the drawing (null: none, a 404). */
  served?: PageToDraw | null;
}

/** The route's page prepared for the drawing, or null where it cannot be (no page, or its preparing failed). */
async function runtimeDrawing(input: FrameInput): Promise<PageDrawing | null> {
  if (!input.page || !input.ask) return null;
  try {
    return await prepareDrawing(input.ask, input.page);
  } catch (e) {
    console.error('public page drawing', e);
    return null;
  }
}

/** The app's tree at the address, with its page (or the 404 of an address no route declares) as the app draws it. */
export async function renderFrame(input: FrameInput): Promise<DrawnFrame> {
  setBaseOutsideBrowser(input.basePath);
  setSanitizerOutsideBrowser(input.sanitize ?? null);
  const drawing = await runtimeDrawing(input);
  try {
    if (drawing || input.notFound) {
      const frame = await frameAround(input, drawing);
      const missing = !!drawing?.prepared.pages.get(input.page!.pageId)?.missing;
      const served = drawing ? { ...input.page!, ...(missing ? { missing } : {}) } : null;
      return { ...frame, styles: frame.styles + gridStyles(drawing), served };
    }
  } catch (e) {
    // The server's own drawing of the page stands in: a visitor still gets the page.
    console.error('public page drawing', e);
  }
  return frameAround(input, null, <div className="ssr-page" dangerouslySetInnerHTML={{ __html: input.pageHtml }} />);
}

/** The app's tree drawn at the address: the route's page, or `page` in its place. */
async function frameAround(input: FrameInput, drawing: PageDrawing | null, page?: ReactNode): Promise<DrawnFrame> {
  // A cache of its own for each page: its styles are exactly the ones this page's markup uses.
  const cache = createCache();
  const router = (shell: ReactNode) => (
    <StaticRouter basename={routerBasename(input.basePath)} location={input.url}>
      {shell}
    </StaticRouter>
  );
  const html = await markupOf(
    <GridRulesProvider value={drawing?.gridRules ?? null}>
      <AppTree
        cache={cache}
        theme={THEME}
        boot={{ routes: input.routes, settings: input.settings }}
        router={router}
        atOnce
        narrow={!!input.narrow}
        prepared={drawing?.prepared ?? null}
        page={page}
      />
    </GridRulesProvider>,
  );
  return { html, styles: extractStyle(cache), drawn: !page };
}

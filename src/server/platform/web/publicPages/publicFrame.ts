import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../AppContext.js';
import type { LoadedRouteDef } from '../../../../shared/schema/types.js';
import type { EmbeddedAnswer, RenderedPage } from './renderPublicPage.js';
import { loadRenderFrame } from './serverFrame.js';

/** Calls every first load makes, answered the same for every visitor: embedded with each page. */
const BOOT_CALLS: { path: string; body: Record<string, unknown> }[] = [
  { path: 'schema/routes', body: {} },
  { path: 'basicInfoMaintain/querySysName', body: {} },
];

/** The shell's markup drawn around a page, and the antd styles it needs (serverFrame.ts). */
export interface PageFrame {
  html: string;
  styles: string;
}

/** What every server-drawn page of the public site shares: the visitor's first answers and the shell around the page. */
export interface PublicFrame {
  /** Whether the shell's drawing is built (dist-ssr/ beside the web app; the development server has none). */
  built: boolean;
  /** A visitor's answer to one of the app's calls, asked of the app itself; null if refused. */
  visitorCall(call: { path: string; body: Record<string, unknown> }): Promise<EmbeddedAnswer | null>;
  /** The answers every first load asks for (the route tree, the site settings). */
  boot(): Promise<(EmbeddedAnswer | null)[]>;
  /** The shell drawn around the page, as the app draws it; null where it is not built or fails. */
  frameOf(boot: (EmbeddedAnswer | null)[], page: RenderedPage, url: string): PageFrame | null;
}

/**
 * The public site's shell for the server's pages: a page route's and the 404 of an address no route
 * declares are drawn in the same frame, so a visitor who mistypes an address still has the site's
 * navigation and 登录 before the app arrives.
 */
export async function publicFrame(app: FastifyInstance, ctx: AppContext): Promise<PublicFrame> {
  const { basePath, clientDir } = ctx.config;
  const renderFrame = await loadRenderFrame(clientDir);
  const visitorCall: PublicFrame['visitorCall'] = async (call) => {
    const res = await app.inject({ method: 'POST', url: `/api/${call.path}`, payload: call.body });
    const envelope = res.statusCode === 200 ? (res.json() as { flag?: boolean; data?: unknown }) : null;
    return envelope?.flag ? { ...call, data: envelope.data } : null;
  };
  return {
    built: renderFrame !== null,
    visitorCall,
    boot: () => Promise.all(BOOT_CALLS.map(visitorCall)),
    frameOf(boot, page, url) {
      const routes = (boot[0]?.data as { routes?: LoadedRouteDef[] } | undefined)?.routes;
      if (!renderFrame || !Array.isArray(routes)) return null;
      try {
        return renderFrame({ url, basePath, routes, settings: boot[1]?.data ?? null, pageHtml: page.html });
      } catch (e) {
        // The page itself is drawn: a visitor still gets it, without the frame.
        app.log.error(e, 'public page frame');
        return null;
      }
    },
  };
}

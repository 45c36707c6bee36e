import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../AppContext.js';
import type { LoadedRouteDef } from '../../../../shared/schema/types.js';
import type { EmbeddedAnswer, RenderedPage } from './renderPublicPage.js';
import { loadRenderFrame } from './serverFrame.js';
import { sanitizeRichText } from '../../records/sanitizeRichText.js';

/** Calls every first load makes, answered the same for every visitor: embedded with each page. */
const BOOT_CALLS: { path: string; body: Record<string, unknown> }[] = [
  { path: 'schema/routes', body: {} },
  { path: 'basicInfoMaintain/querySysName', body: {} },
];

/** The shell's markup drawn around a page, and the antd styles it needs (serverFrame.ts). */
export interface PageFrame {
  html: string;
  styles: string;
  /** Whether the page in the frame is the runtime's own drawing (else the server's RenderedPage html). */
  drawn?: boolean;
  /** Answers the drawing asked for beyond the page's own: embedded too, so the app does not ask again. */
  answers?: EmbeddedAnswer[];
  /** The app's own stylesheets its pages' code brings (appStylesOf), for the runtime's drawing. */
  appStyles?: string;
  /** Where the frame is the app's own tree, the page drawn in it (JSON): the browser hydrates it (client shell/hydration.ts). */
  hydrate?: string;
  /** Drawn for a phone: the browser hydrates it as one (client hooks/useNarrowScreen.ts DrawnNarrow). */
  narrow?: boolean;
}

/**
 * The stylesheets of the app's page code (the list, the article, the dashboard…), which the app
 * loads with each page's chunk, in one <style>: the runtime's drawing needs them at first paint, as
 * the app has them once its chunk is in. The entry's own stylesheet is linked by index.html. A few
 * KB in all, written into the page rather than fetched: no request stands before the first paint.
 */
export function appStylesOf(clientDir: string, template: string): string {
  const assets = path.join(clientDir, 'assets');
  if (!fs.existsSync(assets)) return '';
  const css = fs
    .readdirSync(assets)
    .filter((f) => f.endsWith('.css') && !template.includes(`assets/${f}`))
    .sort()
    .map((f) => fs.readFileSync(path.join(assets, f), 'utf8').replace(/<\/style/gi, '<\\/style'))
    .join('\n');
  return css ? `<style data-app-styles>${css}</style>` : '';
}

/** The route's page schema to draw with the runtime's page kinds, at the address's query. */
export interface PageToDraw {
  pageId: string;
  mode?: 'add' | 'edit' | 'look';
  query: Record<string, string>;
}

/** The same key for the same call however its body's keys are ordered (client api/embeddedAnswers.ts keys alike). */
function callKey(path: string, body: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (!v || typeof v !== 'object') return v;
    const keys = Object.keys(v).sort();
    return Object.fromEntries(keys.map((k) => [k, canonical((v as Record<string, unknown>)[k])]));
  };
  return `${path} ${JSON.stringify(canonical(body ?? {}))}`;
}

/** What every server-drawn page of the public site shares: the visitor's first answers and the shell around the page. */
export interface PublicFrame {
  /** Whether the shell's drawing is built (dist-ssr/ beside the web app; the development server has none). */
  built: boolean;
  /** A visitor's answer to one of the app's calls, asked of the app itself; null if refused. */
  visitorCall(call: { path: string; body: Record<string, unknown> }): Promise<EmbeddedAnswer | null>;
  /** The answers every first load asks for (the route tree, the site settings). */
  boot(): Promise<(EmbeddedAnswer | null)[]>;
  /**
   * The shell drawn around the page, as the app draws it, with the route's page drawn by the
   * runtime's own page kinds when `draw` names it, the app's own 404 page for 'notFound' (else the
   * page's html), for a phone when `narrow`; null where it is not built or fails.
   */
  frameOf(
    boot: (EmbeddedAnswer | null)[],
    page: RenderedPage,
    url: string,
    draw?: PageToDraw | 'notFound',
    narrow?: boolean,
  ): Promise<PageFrame | null>;
}

/**
 * A phone's browser naming itself in its User-Agent, for browsers that send no client hints
 * (Safari, Firefox): iPhone and iPod, Android phones (Android tablets leave out "Mobile"), Firefox
 * on a phone, Windows Phone. An iPad names itself as a Mac and gets the wide drawing, as its width asks.
 */
const PHONE_AGENT = /\b(?:iPhone|iPod)\b|\bAndroid\b.*\bMobile\b|\bMobile\b.*\bFirefox\b|\bWindows Phone\b/;

/** What a public page's drawing depends on beyond its address: said in its Vary header. */
export const PHONE_VARY = 'Sec-CH-UA-Mobile, User-Agent';

/**
 * Whether the browser is a phone: its page is drawn with the phone's layout, which the app then
 * hydrates as it is. Said by the low-entropy client hint every Chromium sends (a phone asking for
 * the desktop site says ?0), else by the User-Agent. Other screens get the wide drawing, which the
 * app folds once it has hydrated it where it turns out narrow.
 */
export function asksForPhone(headers: Record<string, string | string[] | undefined>): boolean {
  const hint = headers['sec-ch-ua-mobile'];
  if (hint === '?1' || hint === '?0') return hint === '?1';
  const agent = headers['user-agent'];
  return typeof agent === 'string' && PHONE_AGENT.test(agent);
}

/**
 * The public site's shell for the server's pages: a page route's and the 404 of an address no route
 * declares are drawn in the same frame, so a visitor who mistypes an address still has the site's
 * navigation and 登录 before the app arrives.
 */
export async function publicFrame(app: FastifyInstance, ctx: AppContext): Promise<PublicFrame> {
  const { basePath, clientDir } = ctx.config;
  const renderFrame = await loadRenderFrame(clientDir);
  const indexFile = path.join(clientDir, 'index.html');
  const appStyles = fs.existsSync(indexFile) ? appStylesOf(clientDir, fs.readFileSync(indexFile, 'utf8')) : '';
  const visitorCall: PublicFrame['visitorCall'] = async (call) => {
    const res = await app.inject({ method: 'POST', url: `/api/${call.path}`, payload: call.body });
    const envelope = res.statusCode === 200 ? (res.json() as { flag?: boolean; data?: unknown }) : null;
    return envelope?.flag ? { ...call, data: envelope.data } : null;
  };
  return {
    built: renderFrame !== null,
    visitorCall,
    boot: () => Promise.all(BOOT_CALLS.map(visitorCall)),
    async frameOf(boot, page, url, draw, narrow = false) {
      const routes = (boot[0]?.data as { routes?: LoadedRouteDef[] } | undefined)?.routes;
      if (!renderFrame || !Array.isArray(routes)) return null;
      // What the drawing reads: the answers the page was drawn from first (the same ones the app
      // is handed), then the app's API as a visitor calls it.
      const known = new Map(page.answers.map((a) => [callKey(a.path, a.body), a.data]));
      const asked: EmbeddedAnswer[] = [];
      const ask = async (path: string, body: unknown, params?: Record<string, unknown>) => {
        const key = callKey(path, body);
        if (!params && known.has(key)) return known.get(key);
        const query = params ? `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}` : '';
        const res = await app.inject({ method: 'POST', url: `/api/${path}${query}`, payload: body ?? {} });
        const envelope = res.statusCode === 200 ? (res.json() as { flag?: boolean; data?: unknown }) : null;
        if (!envelope?.flag) throw new Error(`refused: ${path}`);
        // A call told apart by its query (a dictionary's type) is found by the app with it (client api/http.ts withQuery).
        asked.push({ path: `${path}${query}`, body, data: envelope.data });
        return envelope.data;
      };
      try {
        const frame = await renderFrame({
          url,
          basePath,
          routes,
          settings: boot[1]?.data ?? null,
          pageHtml: page.html,
          narrow,
          ...(draw === 'notFound' ? { notFound: true } : draw ? { page: draw, ask, sanitize: sanitizeRichText } : {}),
        });
        const schemaAsked = new Set([...boot, ...page.answers].flatMap((a) => (a ? [callKey(a.path, a.body)] : [])));
        const { served, ...drawn } = frame;
        return {
          ...drawn,
          appStyles,
          // The app hydrates the runtime's drawing: it prepares the same page (none for a 404) first.
          hydrate: frame.drawn ? JSON.stringify(served ?? null) : undefined,
          narrow: frame.drawn && narrow,
          answers: asked.filter((a) => !schemaAsked.has(callKey(a.path, a.body))),
        };
      } catch (e) {
        // The page itself is drawn: a visitor still gets it, without the frame.
        app.log.error(e, 'public page frame');
        return null;
      }
    },
  };
}

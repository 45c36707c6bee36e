import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoadedRouteDef } from '../../../../shared/schema/types.js';

/** What the server hands the shell's drawing (the built module's `renderFrame`, src/client/ssr/serverFrame.tsx). */
export interface FrameInput {
  url: string;
  basePath: string;
  routes: LoadedRouteDef[];
  settings: unknown;
  pageHtml: string;
  /** The route's page schema, drawn with the runtime's own page kinds where the drawing is built. */
  page?: { pageId: string; mode?: 'add' | 'edit' | 'look'; query: Record<string, string>; missing?: boolean };
  /** A visitor's call to the app's API (path under /api/, body, query), answered with its data; rejects when refused. */
  ask?: (path: string, body: unknown, params?: Record<string, unknown>) => Promise<unknown>;
  /** The rich-text sanitiser every save uses, for rich text the drawing writes (the client's needs a DOM). */
  sanitize?: (html: string) => string;
  /** An address no route declares: the app's own 404 page in the frame. */
  notFound?: boolean;
  /** Drawn for a phone (the browser said so: publicFrame.ts asksForPhone), its tables folded as the app folds them. */
  narrow?: boolean;
}

/** The frame's markup, antd's styles for it, and whether the page in it is the runtime's drawing (else `pageHtml`). */
export type RenderFrame = (
  input: FrameInput,
) => Promise<{ html: string; styles: string; drawn: boolean; served?: FrameInput['page'] | null }>;

/** Where `npm run build` puts the shell's drawing for Node: beside the web app's folder (dist → dist-ssr). */
export function frameDirOf(clientDir: string): string {
  return `${path.resolve(clientDir)}-ssr`;
}

/**
 * The shell's drawing, built from the app's own components for Node, loaded at run time (never
 * imported: the server's code does not import the client's); null when it is not built (the
 * development server), and the page is then drawn without the shell around it.
 */
export async function loadRenderFrame(clientDir: string): Promise<RenderFrame | null> {
  const file = path.join(frameDirOf(clientDir), 'serverFrame.js');
  if (!fs.existsSync(file)) return null;
  const mod = (await import(pathToFileURL(file).href)) as { renderFrame?: unknown };
  return typeof mod.renderFrame === 'function' ? (mod.renderFrame as RenderFrame) : null;
}

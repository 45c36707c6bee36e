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
}

export type RenderFrame = (input: FrameInput) => { html: string; styles: string };

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

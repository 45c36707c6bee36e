/**
 * First-load JavaScript of pages of the built app (dist/, `npm run build` first), for
 * `npm run bench`: headless Chromium opens each page on a fresh cache against the app (a fresh database),
 * and every script it fetched is counted at its gzip size (what the server sends a browser that
 * does not take brotli). Also whether Formily or the rich-text editor came along.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { startApp } from './benchChild.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The pages measured, each with what shows once it has loaded. */
export const FIRST_LOAD_PAGES = [
  { label: 'home', path: '/homePage', ready: '.rt-dash-section .runtime-list' },
  {
    label: 'public list',
    path: '/noticeAnnouncement',
    ready: '.runtime-list :is(.ant-pagination-total-text, .runtime-empty-total)',
  },
];

/** What a script brings that a visitor's page should not: Formily (forms) and the rich-text editor. */
export function heavyParts(text: string): { formily: boolean; editor: boolean } {
  return {
    formily: /x-component|createForm|FormPath/.test(text) && /formily/i.test(text),
    editor: /prosemirror|tiptap/i.test(text),
  };
}

export interface FirstLoad {
  page: string;
  files: number;
  rawKB: number;
  gzipKB: number;
  formily: boolean;
  editor: boolean;
}

export async function benchFirstLoad(
  pages: { label: string; path: string; login?: boolean; ready?: string }[],
  log: (s: string) => void,
): Promise<FirstLoad[]> {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
  const dist = path.join(root, 'dist');
  const app = await startApp();
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  const out: FirstLoad[] = [];
  try {
    for (const p of pages) {
      const context = await browser.newContext();
      const scripts = new Set<string>();
      context.on('response', (res) => {
        const url = new URL(res.url());
        if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
      });
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${app.port}${p.path}`, { waitUntil: 'networkidle', timeout: 120_000 });
      // A quiet network is not a finished page: lists mount after their schema and data arrive.
      // Count only once the page's content shows (and what it pulled in has come).
      if (p.ready) {
        await page.locator(p.ready).first().waitFor({ timeout: 120_000 });
        await page.waitForLoadState('networkidle');
      }
      let raw = 0;
      let gz = 0;
      let formily = false;
      let editor = false;
      for (const s of scripts) {
        const file = path.join(dist, s);
        if (!fs.existsSync(file)) continue;
        const body = fs.readFileSync(file);
        raw += body.length;
        gz += zlib.gzipSync(body, { level: 9 }).length;
        const parts = heavyParts(body.toString('latin1'));
        formily ||= parts.formily;
        editor ||= parts.editor;
      }
      if (process.env.BENCH_VERBOSE) log([...scripts].join('\n'));
      out.push({ page: p.label, files: scripts.size, rawKB: raw / 1024, gzipKB: gz / 1024, formily, editor });
      log(
        `${p.label} (${p.path}): ${scripts.size} scripts, ${(raw / 1024).toFixed(0)} KB raw, ${(gz / 1024).toFixed(0)} KB gzip, Formily ${formily ? 'yes' : 'no'}, editor ${editor ? 'yes' : 'no'}`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
    await app.close();
  }
  return out;
}

if (process.argv[1] && process.argv[1].endsWith('firstLoad.ts')) {
  await benchFirstLoad(FIRST_LOAD_PAGES, (s) => console.log(s));
}

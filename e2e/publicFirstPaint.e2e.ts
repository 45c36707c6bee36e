import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { appArrived, baseURL, launchBrowser, settled } from './harness.js';
import { publicAddresses } from './serverHtml.js';

/** The goals: a screenshot without JavaScript and one with the app differ by under 1% of pixels… */
const MAX_PIXEL_DIFF = 0.01;
/** …and the layout shift of the whole load, the app's arrival included, stays under 0.01. */
const MAX_LAYOUT_SHIFT = 0.01;
const VIEWPORT = { width: 1366, height: 860 };
const SCREENSHOTS = path.resolve(import.meta.dirname, '..', '.e2e', 'screenshots');

/**
 * Every layout shift from the page's first frame, kept where a test can read it after the app has
 * come: its score, when, and what moved (a failure says which element went where).
 */
const RECORD_SHIFTS = () => {
  type Shift = PerformanceEntry & {
    value: number;
    sources: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
  };
  const w = window as unknown as { shifts: { value: number; what: string }[] };
  w.shifts = [];
  const rect = (r: DOMRectReadOnly) =>
    `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as Shift[]) {
      const moved = e.sources.map((s) => {
        const node = s.node instanceof Element ? `${s.node.tagName}.${s.node.className}` : s.node?.nodeName;
        return `${node} ${rect(s.previousRect)} → ${rect(s.currentRect)}`;
      });
      w.shifts.push({ value: e.value, what: `${Math.round(e.startTime)} ms: ${moved.join('; ')}` });
    }
  }).observe({ type: 'layout-shift', buffered: true });
};

/**
 * The share of pixels that differ between two screenshots (PNG), compared in a page's canvas; the
 * area one has and the other does not (a longer page) counts as differing. A channel off by a few
 * levels (anti-aliasing) is the same pixel.
 */
async function pixelDiff(page: Page, a: Buffer, b: Buffer): Promise<number> {
  return page.evaluate(
    async ([x, y]) => {
      const load = async (b64: string) => {
        const img = new Image();
        img.src = `data:image/png;base64,${b64}`;
        await img.decode();
        const c = document.createElement('canvas');
        c.width = img.width;
        c.height = img.height;
        const g = c.getContext('2d')!;
        g.drawImage(img, 0, 0);
        return { w: img.width, h: img.height, d: g.getImageData(0, 0, img.width, img.height).data };
      };
      const [p, q] = await Promise.all([load(x), load(y)]);
      const w = Math.max(p.w, q.w);
      const h = Math.max(p.h, q.h);
      let differ = 0;
      for (let j = 0; j < h; j++)
        for (let i = 0; i < w; i++) {
          if (i >= p.w || i >= q.w || j >= p.h || j >= q.h) {
            differ++;
            continue;
          }
          const k = (j * p.w + i) * 4;
          const l = (j * q.w + i) * 4;
          if (
            Math.abs(p.d[k] - q.d[l]) > 8 ||
            Math.abs(p.d[k + 1] - q.d[l + 1]) > 8 ||
            Math.abs(p.d[k + 2] - q.d[l + 2]) > 8
          )
            differ++;
        }
      return differ / (w * h);
    },
    [a.toString('base64'), b.toString('base64')] as const,
  );
}

/** The page once the app has arrived on it (after the visitor's mouse move) and drawn it. */
async function withApp(
  browser: Browser,
  address: string,
): Promise<{ shot: Buffer; shift: number; moved: string[]; page: Page }> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: VIEWPORT, locale: 'zh-CN' });
  await context.addInitScript(RECORD_SHIFTS);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(address);
  await page.mouse.move(2, 2);
  await appArrived(page);
  await page.waitForLoadState('networkidle');
  await settled(page);
  await page.evaluate(() => document.fonts.ready);
  // Two frames, so a shift drawn last is reported; read before the full-page screenshot, which
  // lays the page out anew at its whole height (not part of the load).
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const shifts = await page.evaluate(() => (window as unknown as { shifts: { value: number; what: string }[] }).shifts);
  const shot = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
  expect(errors, address).toEqual([]);
  const shift = shifts.reduce((sum, s) => sum + s.value, 0);
  return { shot, shift, moved: shifts.map((s) => s.what), page };
}

describe('a public page looks the same from the first byte as once the app has arrived', () => {
  let browser: Browser;
  let pages: string[];
  beforeAll(async () => {
    // The browser people use: no mouse move of its own that would bring the app before the test's.
    browser = await launchBrowser({ fullBrowser: true });
    pages = await publicAddresses();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(`differs by under ${MAX_PIXEL_DIFF * 100}% of pixels and shifts under ${MAX_LAYOUT_SHIFT} when the app arrives`, async () => {
    const found: string[] = [];
    for (const address of pages) {
      const still = await browser.newContext({
        baseURL: baseURL(),
        viewport: VIEWPORT,
        locale: 'zh-CN',
        javaScriptEnabled: false,
      });
      const before = await still.newPage();
      await before.goto(address);
      const shotBefore = await before.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
      await still.close();
      const after = await withApp(browser, address);
      const diff = await pixelDiff(after.page, shotBefore, after.shot);
      // A page that changed leaves both pictures for a person to compare.
      if (diff >= MAX_PIXEL_DIFF) {
        const name = address.replace(/[^\w]+/g, '-').slice(0, 60);
        fs.writeFileSync(path.join(SCREENSHOTS, `first-paint${name}-server.png`), shotBefore);
        fs.writeFileSync(path.join(SCREENSHOTS, `first-paint${name}-app.png`), after.shot);
      }
      const moved = after.shift >= MAX_LAYOUT_SHIFT ? ` (${after.moved.join(' | ')})` : '';
      found.push(`${address}: ${(diff * 100).toFixed(2)}% of pixels, layout shift ${after.shift.toFixed(4)}${moved}`);
      await after.page.context().close();
    }
    console.log(found.join('\n'));
    for (const line of found) {
      const [, diff, shift] = /([\d.]+)% of pixels, layout shift ([\d.]+)/.exec(line)!;
      expect(Number(diff) / 100, line).toBeLessThan(MAX_PIXEL_DIFF);
      expect(Number(shift), line).toBeLessThan(MAX_LAYOUT_SHIFT);
    }
    // Nine pages, each loaded twice and compared pixel by pixel: the one journey's 90 s is too
    // short for them on a machine whose other lane keeps both cores busy.
  }, 300_000);
});

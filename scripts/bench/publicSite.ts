/**
 * The public site under Lighthouse (mobile profile, its default simulated throttling), for
 * `npm run bench` (BENCH_PARTS=public): home, the 通知公告 list (and searched, its keyword in the
 * address), a notice, a 立项名单 entry and 常见问题 as the app serves them (server-drawn; the app
 * comes on the first touch or after a while idle), each beside a static HTML file with the same
 * content (the server's own page without any script) served by the same server, in the same run.
 * Needs the built app (dist/) and Debian's Chromium (CHROMIUM_PATH).
 */
import fs from 'node:fs';
import path from 'node:path';
import { startApp } from './benchChild.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Where the yardstick pages go inside dist/ (served as static files); removed after the run. */
const YARDSTICK_DIR = 'bench-yardstick';
/** Lighthouse runs per page; the median's figures are kept. */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

export interface LighthouseFigures {
  performance: number;
  seo: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
}

/** The server's page as plain HTML: its content and styles, no script, no embedded answers. */
export function staticCopy(html: string): string {
  return html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<link rel="modulepreload"[^>]*>/g, '');
}

async function lighthouseOf(url: string): Promise<LighthouseFigures> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const runs: LighthouseFigures[] = [];
  for (let i = 0; i < RUNS; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox'],
    });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'seo', 'accessibility', 'best-practices'],
      });
      const lhr = result!.lhr;
      const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
      const num = (k: string) => lhr.audits[k]?.numericValue ?? NaN;
      runs.push({
        performance: score('performance'),
        seo: score('seo'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        lcpMs: num('largest-contentful-paint'),
        fcpMs: num('first-contentful-paint'),
        tbtMs: num('total-blocking-time'),
        cls: num('cumulative-layout-shift'),
      });
      const failed = Object.values(lhr.audits).filter(
        (a) =>
          a.score !== null &&
          a.score < 1 &&
          ['seo', 'accessibility', 'best-practices'].some((c) =>
            lhr.categories[c]?.auditRefs.some((r) => r.id === a.id && r.weight > 0),
          ),
      );
      if (i === 0 && failed.length) console.log(`  ${url}: below full marks on ${failed.map((a) => a.id).join(', ')}`);
    } finally {
      chrome.kill();
    }
  }
  runs.sort((a, b) => a.lcpMs - b.lcpMs);
  return runs[Math.floor(runs.length / 2)];
}

export async function benchPublicSite(
  log: (s: string) => void,
): Promise<{ page: string; app: LighthouseFigures; yardstick: LighthouseFigures }[]> {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
  const dir = path.join(root, 'dist', YARDSTICK_DIR);
  const demo = { DEMO_DATA: 'on' };
  // The yardsticks are written from one app's pages before the measured app starts, so that its
  // static file server has them (it lists dist/ as it starts).
  const first = await startApp(demo);
  const pages: { label: string; path: string }[] = [
    { label: 'home', path: '/homePage' },
    { label: '通知公告 list', path: '/noticeAnnouncement' },
    { label: '通知公告 searched', path: `/noticeAnnouncement?title=${encodeURIComponent('申报')}` },
  ];
  try {
    /** The first record a server-drawn list links to. */
    const firstOf = async (list: string, detail: string) => {
      const html = await (await fetch(`http://127.0.0.1:${first.port}${list}`)).text();
      const href = new RegExp(`href="(${detail.replace('?', '\\?')}\\?id=\\d+)"`).exec(html)?.[1];
      if (!href) throw new Error(`no record in the server-drawn ${list}`);
      return href;
    };
    pages.push({
      label: 'a notice',
      path: await firstOf('/noticeAnnouncement', '/noticeAnnouncement/lookAnnouncement'),
    });
    pages.push({ label: 'a 立项名单 entry', path: await firstOf('/approvedTopics', '/approvedTopics/look') });
    pages.push({ label: '常见问题', path: '/expertFaq' });
    fs.mkdirSync(dir, { recursive: true });
    for (const [i, p] of pages.entries()) {
      fs.writeFileSync(
        path.join(dir, `page${i}.html`),
        staticCopy(await (await fetch(`http://127.0.0.1:${first.port}${p.path}`)).text()),
      );
    }
  } finally {
    await first.close();
  }
  const app = await startApp(demo);
  const out: { page: string; app: LighthouseFigures; yardstick: LighthouseFigures }[] = [];
  try {
    log(
      `\npublic site, Lighthouse ${RUNS > 1 ? `median of ${RUNS} runs` : '1 run'}, mobile   perf  SEO  a11y  b.p.   LCP ms   FCP ms   TBT ms    CLS   LCP vs static`,
    );
    for (const [i, p] of pages.entries()) {
      const base = `http://127.0.0.1:${app.port}`;
      const measured = await lighthouseOf(`${base}${p.path}`);
      const yardstick = await lighthouseOf(`${base}/${YARDSTICK_DIR}/page${i}.html`);
      out.push({ page: p.label, app: measured, yardstick });
      const row = (label: string, f: LighthouseFigures, ratio: string) =>
        log(
          `${label.padEnd(42)}${String(f.performance).padStart(5)}${String(f.seo).padStart(5)}${String(f.accessibility).padStart(6)}${String(f.bestPractices).padStart(6)}${f.lcpMs.toFixed(0).padStart(9)}${f.fcpMs.toFixed(0).padStart(9)}${f.tbtMs.toFixed(0).padStart(9)}${f.cls.toFixed(3).padStart(7)}${ratio.padStart(16)}`,
        );
      row(
        `${p.label} (${p.path.length > 30 ? `${p.path.slice(0, 27)}...` : p.path})`,
        measured,
        `${(measured.lcpMs / yardstick.lcpMs).toFixed(2)}x`,
      );
      row(`  static HTML, same content`, yardstick, '');
    }
  } finally {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

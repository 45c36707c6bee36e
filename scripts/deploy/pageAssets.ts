/**
 * What a browser loads of the web app under the base path: the page, the code and styles it names
 * (resolved against its <base href>, as a browser does), and the code chunks the entry loads later.
 */
import fs from 'node:fs';
import { chromium } from 'playwright-core';

/** The answer's status, its body read (an unread body keeps its connection open). */
async function status(url: string): Promise<number> {
  const res = await fetch(url);
  await res.arrayBuffer();
  return res.status;
}

/** Every asset URL the page and its entry name, each with its answer's status. */
export async function pageAssets(pageUrl: string): Promise<{ base: string | null; assets: Map<string, number> }> {
  const html = await (await fetch(pageUrl)).text();
  const base = /<base href="([^"]*)">/.exec(html)?.[1] ?? null;
  const baseUrl = new URL(base ?? '.', pageUrl);
  const named = [...html.matchAll(/<(?:script|link)[^>]*?(?:src|href)="([^"]+)"/g)].map((m) => new URL(m[1], baseUrl));
  const entry = named.find((u) => /\/index-[\w-]+\.js$/.test(u.pathname));
  const chunks = entry
    ? [...(await (await fetch(entry)).text()).matchAll(/"(\.\/[\w.-]+\.(?:js|css))"/g)].map((m) => new URL(m[1], entry))
    : [];
  const urls = [...new Set([...named, ...chunks].map((u) => u.href))];
  const assets = new Map<string, number>();
  for (let i = 0; i < urls.length; i += 16)
    await Promise.all(urls.slice(i, i + 16).map(async (u) => assets.set(u, await status(u))));
  return { base, assets };
}

/** Answers of assets listed earlier, asked again (after an upgrade: the previous release's code). */
export { status };

export async function statuses(urls: string[]): Promise<number[]> {
  return Promise.all(urls.map(status));
}

/**
 * The app as a browser opens it: every request it makes, and whether the shell was drawn. Null
 * when no Chromium is installed here.
 */
export async function openInBrowser(
  pageUrl: string,
): Promise<{ drawn: boolean; failed: string[]; outside: string[] } | null> {
  const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find(
    (p) => p && fs.existsSync(p),
  );
  if (!executablePath) return null;
  const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    const failed: string[] = [];
    const outside: string[] = [];
    const prefix = new URL('.', pageUrl).origin + new URL(pageUrl).pathname.replace(/^(\/[^/]+\/).*$/, '$1');
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    page.on('requestfailed', (r) => failed.push(`failed ${r.url()}`));
    page.on('request', (r) => {
      if (r.url().startsWith('http') && !r.url().startsWith(prefix)) outside.push(r.url());
    });
    await page.goto(pageUrl, { waitUntil: 'load' });
    const drawn = await page
      .waitForSelector('#root .ant-layout', { timeout: 30_000 })
      .then(() => true)
      .catch(() => false);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    return { drawn, failed, outside };
  } finally {
    await browser.close();
  }
}

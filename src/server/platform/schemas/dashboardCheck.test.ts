import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSchemas } from './loadSchemas.js';
import { checkSchemas } from './checkSchemas.js';

// The dashboard kind's banner and page blocks, as the portal's home uses them.
const SCHEMAS = path.resolve('schemas');
const HOME = 'pages/portal/home.dashboard.json';
const temps: string[] = [];

/** schemas/ copied, with the home page changed by `change`: its file and what the check says. */
function checkHome(change: (doc: any) => void): { file: string; problems: ReturnType<typeof checkSchemas> } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schemas-'));
  temps.push(dir);
  fs.cpSync(SCHEMAS, dir, { recursive: true });
  const file = path.join(dir, HOME);
  const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  change(doc);
  fs.writeFileSync(file, JSON.stringify(doc, null, 2));
  return { file, problems: checkSchemas(loadSchemas(dir)) };
}

afterEach(() => {
  for (const d of temps.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('dashboard check: banners and embedded pages', () => {
  it('refuses an unknown embedded page, a broken 更多 link and 更多 without a title', () => {
    const { file, problems } = checkHome((d) => {
      d.blocks[2].page = 'portal/announcement.latests';
      d.blocks[3].more = '/activityDynamicz';
      delete d.blocks[4].title;
    });
    expect(problems).toContainEqual({
      file,
      path: '/blocks/2/page',
      message: 'unknown page "portal/announcement.latests"',
    });
    expect(problems).toContainEqual({
      file,
      path: '/blocks/3/more',
      message: 'route path "/activityDynamicz" does not exist in routes.json',
    });
    expect(problems).toContainEqual({
      file,
      path: '/blocks/4/more',
      message: '"more" is drawn beside a title: add "title"',
    });
  });

  it('refuses on a public dashboard a page a visitor may not read, and counted blocks for visitors', () => {
    const { file, problems } = checkHome((d) => {
      delete d.blocks[1].signedIn;
      d.blocks.push({ type: 'statistic', title: '待办', items: [{ label: '未读通知', count: 'unreadNotifications' }] });
    });
    expect(problems).toContainEqual({
      file,
      path: '/blocks/1/page',
      message: 'page "workbench/home.dashboard" is not public: a visitor would be refused it (add "signedIn": true)',
    });
    expect(problems).toContainEqual({
      file,
      path: '/blocks/7/signedIn',
      message: 'a statistic block of a public dashboard needs "signedIn": true (a visitor has no counts)',
    });
  });

  it('refuses a page that draws itself, a banner with nothing to show and a setting it does not know', () => {
    const { file, problems } = checkHome((d) => {
      d.blocks[2].page = 'portal/home.dashboard';
      d.blocks.push({ type: 'banner' });
      d.blocks.push({ type: 'banner', setting: 'footer' });
    });
    expect(problems).toContainEqual({
      file,
      path: '/blocks/2/page',
      message: 'page "portal/home.dashboard" would draw this page inside itself',
    });
    expect(problems).toContainEqual({ file, path: '/blocks/7', message: 'a banner block needs "setting" or "text"' });
    expect(problems.some((p) => p.file === file && p.path === '/blocks/8/setting')).toBe(true);
  });

  it("refuses a banner's link to a route that does not exist", () => {
    const { file, problems } = checkHome((d) => {
      d.blocks[0].links = [{ label: '注册', to: '/signUpp' }];
    });
    expect(problems).toContainEqual({
      file,
      path: '/blocks/0/links/0/to',
      message: 'route path "/signUpp" does not exist in routes.json',
    });
  });
});

/**
 * The workbench and the public site as people meet them: each role's own blocks on home with the
 * figures and links the server answers; a public item read as an article; axe-core over home, the
 * four public lists, one detail page and the login dialog (0 serious or critical violations).
 * Screenshots: .e2e/screenshots/workbench-*.png.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { animationsDone, api, baseURL, launchBrowser, openPage, screenshot, visit } from './harness.js';
import { LOGIN_DIALOG, closeTourIfShown, openLoginDialog, openPageAs } from './login.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PAGE = 'workbench/home.dashboard';

/** A call of the portal's API with the page's own session (token and CSRF header). */

interface Block {
  type: string;
  title: string;
  roles?: string[];
  items?: { label: string; count: string; to?: string }[];
  source?: string;
  to?: string;
}

/** How many records of an entity a list call with these filters answers (0 when the entity is not built). */
async function listTotal(page: Page, entity: string, filters: unknown[]): Promise<number> {
  const res = await api(page, `resource/${entity}/list`, { page: 1, pageSize: 1, filters });
  return res.flag ? res.data.total : 0;
}

/**
 * Logs in, opens home and checks every block of the role against the server's answer: the figures
 * shown are the figures answered, every figure links where the schema says, list blocks show their
 * rows. Returns the schema's blocks of the role with the answered data.
 */
async function workbenchOf(username: string, role: string) {
  const { page, context, errors } = await openPageAs(browser, username);
  await page.locator('.rt-dashboard').waitFor();
  const schema = (await api(page, 'schema/page', { id: PAGE })).data.page as { blocks: Block[] };
  const answered = (await api(page, 'workbench/data', { pageId: PAGE })).data.blocks as any[];
  const mine = schema.blocks
    .map((b, i) => ({ b, d: answered[i] }))
    .filter(({ b }) => !b.roles || b.roles.includes(role));
  // Blocks of other roles are neither answered nor shown.
  schema.blocks.forEach((b, i) => {
    if (b.roles && !b.roles.includes(role)) expect(answered[i], b.title).toBeNull();
  });
  const cards = page.locator('.rt-dashboard .rt-dash-block');
  await expect.poll(() => cards.count()).toBe(mine.length);
  for (const [n, { b, d }] of mine.entries()) {
    const card = cards.nth(n);
    expect(await card.getAttribute('data-block')).toBe(b.title);
    if (b.type === 'list') {
      await expect.poll(() => card.locator('.ant-badge').first().innerText()).toBe(String(d.count));
      await expect.poll(() => card.locator('.rt-dash-row').count()).toBe(d.rows.length);
      continue;
    }
    for (const [j, item] of (b.items ?? []).entries()) {
      const figure = card.locator(`.rt-dash-figure[data-count="${item.count}"]`);
      await expect.poll(() => figure.locator('.ant-statistic-content').innerText()).toBe(String(d.items[j]));
      expect(await figure.locator('.ant-statistic-title').innerText()).toBe(item.label);
      if (item.to) expect(await figure.locator('a').getAttribute('href')).toBe(item.to);
    }
  }
  const figures = Object.fromEntries(
    mine.flatMap(({ b, d }) => (b.items ?? []).map((it, j) => [it.count, d.items[j] as number])),
  );
  const lists = Object.fromEntries(mine.filter(({ b }) => b.type === 'list').map(({ b, d }) => [b.title, d]));
  return { page, context, errors, figures, lists, mine };
}

const statusIn = (codes: string[]) => [{ field: 'status', op: 'in', value: codes }];

describe('each role sees its own work first on home', () => {
  it('a project leader: 待办 figures, 我的课题 with each stage as a step bar, linking to the topic', async () => {
    const { page, context, errors, figures, lists } = await workbenchOf('leader1', '4');
    // The figures are the server's own list answers for this user.
    expect(figures.todoReturned).toBe(
      await listTotal(page, 'topic', statusIn(['902', '904', '907', '911', '931', '916', '979', '28'])),
    );
    expect(figures.todoUpload).toBe(await listTotal(page, 'topic', statusIn(['6', '9', '29', '14'])));
    const workflow = (await api(page, 'workflow/get', { name: 'topic' })).data;
    const live = workflow.statuses.map((s: any) => s.code).filter((c: string) => c !== '24' && c !== '34');
    expect(lists['我的课题'].count).toBe(await listTotal(page, 'topic', statusIn(live)));
    const mineCard = page.locator('.rt-dash-block[data-block="我的课题"]');
    expect(await mineCard.locator('.rt-dash-steps').count()).toBe(lists['我的课题'].rows.length);
    for (const [i, row] of lists['我的课题'].rows.entries()) {
      const steps = mineCard.locator('.rt-dash-row').nth(i).locator('.ant-steps-item');
      expect(await steps.count()).toBe(5);
      expect(
        await mineCard
          .locator('.rt-dash-row')
          .nth(i)
          .locator('.ant-steps-item-process .ant-steps-item-title')
          .innerText(),
      ).toBe(['申报', '开题', '中期', '成果鉴定', '结题'][Math.min(Math.max(Number(row.stage) || 1, 1), 5) - 1]);
    }
    await screenshot(page, 'workbench-leader1');
    if (lists['我的课题'].rows.length) {
      const first = lists['我的课题'].rows[0];
      await mineCard.locator('.rt-dash-row a').first().click();
      await page.waitForURL(`**/projectManagement/projectList/projectDetail?id=${first.id}`);
    }
    // Each 待办 figure goes where the work is done.
    await visit(page, '/homePage');
    await closeTourIfShown(page);
    await page.locator('.rt-dash-figure[data-count="todoUpload"] a').click();
    await page.waitForURL('**/projectManagement/projectList');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a city admin: topics and change requests of their city waiting for review', async () => {
    const { page, context, errors, figures, lists } = await workbenchOf('city1123', '3');
    expect(figures.todoCityReview).toBe(await listTotal(page, 'topic', statusIn(['1', '2', '7', '11', '31', '16'])));
    expect(lists['待审核课题'].count).toBe(figures.todoCityReview);
    expect(figures.todoChangeAudit).toBe(await listTotal(page, 'topicChange', statusIn(['1'])));
    // A city admin's rows are their own city's; the region is shown in words.
    for (const row of lists['待审核课题'].rows) expect(row.areaCode).toBe('1123');
    const areas = await page.locator('.rt-dash-block[data-block="待审核课题"] .rt-dash-area').allInnerTexts();
    for (const a of areas) expect(a).toBe('定州市');
    expect(await page.locator('.rt-dashboard').innerText()).not.toMatch(/1123|1101/);
    await screenshot(page, 'workbench-city1123');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a province admin and the super admin: topics at province level and change requests at province', async () => {
    for (const [user, role] of [
      ['province', '2'],
      ['admin', '1'],
    ] as const) {
      const { page, context, errors, figures } = await workbenchOf(user, role);
      expect(figures.todoProvinceReview).toBe(
        await listTotal(page, 'topic', statusIn(['4', '53', '8', '13', '33', '79'])),
      );
      expect(figures.todoChangeAudit).toBe(await listTotal(page, 'topicChange', statusIn(['2'])));
      await page.locator('.rt-dash-figure[data-count="todoProvinceReview"] a').click();
      await page.waitForURL('**/projectManagement/projectList');
      if (user === 'province') {
        await visit(page, '/homePage');
        await closeTourIfShown(page);
        await page.locator('.rt-dashboard').waitFor();
        await screenshot(page, 'workbench-province');
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('an expert: review tasks not yet submitted, with their deadlines counted down', async () => {
    const { page, context, errors, figures, lists } = await workbenchOf('expert1', '5');
    // Topics and results each under their own figure, as 评审列表 and 成果评审 list them.
    const open = (target: string) => [...statusIn(['0', '1']), { field: 'targetEntity', value: target }];
    expect(figures.todoReviewTask).toBe(await listTotal(page, 'review', open('topic')));
    expect(figures.todoAchievementReviewTask).toBe(await listTotal(page, 'review', open('achievement')));
    for (const block of ['待评审课题', '待评审成果']) {
      const rows = page.locator(`.rt-dash-block[data-block="${block}"] .rt-dash-row`);
      expect(lists[block].rows.length, block).toBeGreaterThan(0);
      for (let i = 0; i < lists[block].rows.length; i++) {
        if (lists[block].rows[i].endTime)
          expect(await rows.nth(i).locator('.rt-dash-countdown').innerText()).toMatch(/^(剩余\d+天|今天截止|已截止)$/);
      }
    }
    await screenshot(page, 'workbench-expert1');
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** A province admin publishes an announcement through the API the pages use; its title. */
async function publishAnnouncement(): Promise<string> {
  const admin = await openPageAs(browser, 'province');
  const title = `关于做好年度课题结题工作的通知${Date.now() % 100000}`;
  const saved = await api(admin.page, 'resource/announcement/save', {
    title,
    summary: '请各单位按时提交结题材料。',
    content: '<p>各市教育局：</p><p>现将有关事项通知如下。</p>',
  });
  expect(saved.flag, JSON.stringify(saved)).toBe(true);
  const published = await api(admin.page, 'resource/announcement/transition', {
    id: saved.data.id,
    version: saved.data.version,
    action: 'publish',
  });
  expect(published.flag, JSON.stringify(published)).toBe(true);
  await admin.context.close();
  return title;
}

describe('the public site reads like one', () => {
  it('a published announcement reads as an article: title, source and date under it, summary, body, attachments', async () => {
    const TITLE = await publishAnnouncement();

    const { page, context, errors } = await openPage(browser, '/noticeAnnouncement');
    const link = page.locator('.runtime-list tbody a', { hasText: TITLE }).first();
    await link.waitFor();
    const title = (await link.innerText()).trim();
    await link.click();
    await page.waitForURL('**/noticeAnnouncement/lookAnnouncement?id=*');
    const article = page.locator('article.rt-article');
    await article.locator('h1').waitFor();
    expect(await article.locator('h1').innerText()).toBe(title);
    expect(title).toBe(TITLE);
    expect(meta0(await article.locator('.rt-article-meta').innerText())).toContain('范围：全省');
    const id = new URL(page.url()).searchParams.get('id');
    const record = (await api(page, 'public/announcement/get', { id })).data;
    const meta = await article.locator('.rt-article-meta').innerText();
    if (record.publisher) expect(meta).toContain(`来源：${record.publisher}`);
    expect(meta).toContain(`发布日期：${String(record.publishTime).slice(0, 10)}`);
    expect(meta).toMatch(/范围：(全省|\S+市)/);
    expect(meta).not.toMatch(/范围：\d/);
    if (record.summary)
      expect((await article.locator('.rt-article-summary').innerText()).trim()).toBe(record.summary.trim());
    // The parts come in reading order, and there is no label-value form.
    const order = await article.evaluate((el) => [...el.children].map((c) => c.className.split(' ')[0] || c.tagName));
    expect(order[0]).toBe('rt-article-head');
    expect(await article.locator('.ant-form-item, input, textarea').count()).toBe(0);
    const width = await article.locator('.rt-article-body').evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(860);
    if (Array.isArray(record.attachments) && record.attachments.length) {
      expect(await article.locator('.rt-article-files a').allInnerTexts()).toEqual(
        record.attachments.map((f: any) => f.fileName),
      );
    }
    await screenshot(page, 'workbench-public-article');
    expect(errors).toEqual([]);
    await context.close();
  });
});

const meta0 = (t: string) => t.replace(/\s+/g, '');

/** axe-core's serious and critical violations of the page (or of one part of it). */
async function seriousViolations(page: Page, selector?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.addScriptTag({
      path: path.resolve(import.meta.dirname, '..', 'node_modules', 'axe-core', 'axe.min.js'),
    });
  }
  const found = await page.evaluate(async (sel) => {
    const axe = (window as any).axe;
    const result = await axe.run(sel ? document.querySelector(sel) : document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v: any) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v: any) =>
          `${v.id} (${v.impact}): ${v.nodes
            .slice(0, 3)
            .map((n: any) => n.target.join(' '))
            .join(' | ')}`,
      );
  }, selector);
  return found;
}

describe('accessibility (GB/T 37668): axe-core finds no serious or critical violation', () => {
  it('on home, the four public lists, a detail page and the login dialog', async () => {
    // axe is injected as a script, which the portal's Content-Security-Policy would refuse.
    const title = await publishAnnouncement();
    const context = await browser.newContext({
      baseURL: baseURL(),
      locale: 'zh-CN',
      viewport: { width: 1366, height: 860 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    const report: Record<string, string[]> = {};
    for (const [path, ready] of [
      ['/homePage', '.rt-dash-section .runtime-list'],
      ['/noticeAnnouncement', '.runtime-list :is(.ant-pagination-total-text, .runtime-empty-total)'],
      ['/activityDynamics', '.runtime-list :is(.ant-pagination-total-text, .runtime-empty-total)'],
      ['/relatedDownloads', '.runtime-list :is(.ant-pagination-total-text, .runtime-empty-total)'],
      ['/rulesRegulations', '.runtime-list :is(.ant-pagination-total-text, .runtime-empty-total)'],
    ] as const) {
      await visit(page, path);
      await page.locator(ready).first().waitFor();
      await page.waitForLoadState('networkidle');
      report[path] = await seriousViolations(page);
      // SPEC §9: the total line, also for an empty list.
      if (path !== '/homePage')
        expect(
          await page.locator('.runtime-list :is(.ant-pagination-total-text, .runtime-empty-total)').first().innerText(),
        ).toMatch(/^共\d+条记录$/);
    }
    await visit(page, '/noticeAnnouncement');
    await page.locator('.runtime-list tbody a', { hasText: title }).first().click();
    await page.locator('article.rt-article h1').waitFor();
    await page.waitForLoadState('networkidle');
    report.article = await seriousViolations(page);
    await visit(page, '/homePage');
    await openLoginDialog(page);
    // The dialog zooms and fades in: colours read mid-animation are paler than the dialog's own.
    await animationsDone(page);
    report.login = await seriousViolations(page, LOGIN_DIALOG);
    console.log('axe-core serious/critical:', JSON.stringify(report, null, 1));
    expect(report).toEqual({
      '/homePage': [],
      '/noticeAnnouncement': [],
      '/activityDynamics': [],
      '/relatedDownloads': [],
      '/rulesRegulations': [],
      article: [],
      login: [],
    });
    await context.close();
  }, 240_000);
});

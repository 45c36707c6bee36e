import { afterEach, describe, expect, it } from 'vitest';
import type { LoadedRouteDef } from '../../shared/schema/types.js';
import routesJson from '../../../schemas/routes.json';
import { renderFrame } from './serverFrame.js';
import { setBaseOutsideBrowser } from '../api/appBase.js';

const routes = (routesJson as { routes: LoadedRouteDef[] }).routes;
const settings = {
  systemName: '<script>alert(1)</script>平台',
  footer: { organiser: '主办单位：<b>省教育厅</b>', version: 'V9' },
};

/** The text of the markup, tags dropped (antd writes a space between a button's two characters). */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ');

// renderFrame sets the base path for the process, as the server's one drawing does: the tests that
// run after these in the same worker build their addresses under '/'.
afterEach(() => setBaseOutsideBrowser('/'));

describe('the server’s drawing of the shell around a public page', () => {
  it('draws the header’s navigation, 注册 and 登录, the breadcrumbs and the footer, with the page inside', async () => {
    const { html, styles } = await renderFrame({
      url: '/ktgl/noticeAnnouncement?title=申报',
      basePath: '/ktgl/',
      routes,
      settings,
      pageHtml: '<h1 class="ssr-title">通知公告</h1>',
    });
    const menu = /<ul[^>]*shell-top-menu[\s\S]*?<\/ul>/.exec(html)?.[0] ?? '';
    for (const name of ['首页', '通知公告', '立项名单', '常见问题']) expect(text(menu)).toContain(name);
    expect(menu).toMatch(
      /ant-menu-item-selected[^>]*>\s*<span class="ant-menu-title-content"><a href="\/ktgl\/noticeAnnouncement"><span class="shell-menu-label">通知公告/,
    );
    // Entries are links, so a press before the app has arrived still leads to the page.
    expect(menu).toContain('<a href="/ktgl/verify"><span class="shell-menu-label">证书查验</span></a>');
    expect(html).toMatch(/<button[^>]*shell-login-button[^>]*><span>登 录<\/span><\/button>/);
    expect(html).toContain('<a class="shell-signup-link" href="/ktgl/signUp/signUp">注册</a>');
    expect(html).toContain('class="ant-breadcrumb');
    expect(html).toMatch(/<footer[^>]*shell-footer[\s\S]*主办单位：&lt;b&gt;省教育厅&lt;\/b&gt;[\s\S]*V9/);
    expect(html).toContain('<div class="ssr-page"><h1 class="ssr-title">通知公告</h1></div>');
    // Settings are text: escaped, never markup.
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;平台');
    expect(html).not.toContain('<script>');
    // antd's styles for what is drawn.
    expect(styles).toMatch(/^<style[\s\S]*\.ant-menu/);
  });

  it('draws an address no route declares with the app’s own 404 page in the frame', async () => {
    const { html, drawn } = await renderFrame({
      url: '/no/such/page',
      basePath: '/',
      routes,
      settings,
      pageHtml: '<div class="ssr-notfound">404</div>',
      notFound: true,
    });
    expect(drawn).toBe(true);
    expect(html).toMatch(
      /class="ant-result ant-result-info status-result status-result-404 shell-result shell-404[\s\S]*抱歉，您访问的页面不存在。/,
    );
    expect(html).not.toContain('ssr-notfound');
    // 返回首页 leads home before the app has arrived (and without JavaScript).
    expect(html).toMatch(/<a [^>]*href="\/homePage"[^>]*>(?:<[^>]+>)*返回首页/);
    expect(html).toMatch(/<footer[^>]*shell-footer/);
  });

  it('writes every address under the base path the portal is served at', async () => {
    const { html } = await renderFrame({
      url: '/ktgl/homePage',
      basePath: '/ktgl/',
      routes,
      settings: null,
      pageHtml: '',
    });
    expect(html).toContain('<a class="shell-brand" href="/ktgl/homePage"><img src="/ktgl/logo.svg"');
    const root = (await renderFrame({ url: '/homePage', basePath: '/', routes, settings: null, pageHtml: '' })).html;
    expect(root).toContain('<a class="shell-brand" href="/homePage"><img src="/logo.svg"');
  });

  it('writes hostile settings and addresses as text: no markup of theirs is live in the frame', async () => {
    const hostile = [
      '<script>alert(1)</script>',
      '"><img src=x onerror=alert(2)>',
      "'><svg onload=alert(3)>",
      '<meta http-equiv="refresh" content="0;url=https://evil.example">',
      'javascript:alert(4)',
      '</title><style>body{display:none}</style>',
    ];
    for (const h of hostile) {
      const footer = Object.fromEntries(
        ['organiser', 'host', 'support', 'version', 'policeFiling', 'siteRegistration', 'supportPhone'].map((k) => [
          k,
          h,
        ]),
      );
      for (const url of [
        `/ktgl/noticeAnnouncement?title=${encodeURIComponent(h)}`,
        `/ktgl/noticeAnnouncement?title=${h}`,
        `/ktgl/${encodeURIComponent(h)}/look?id=${h}`,
      ]) {
        const { html: drawn } = await renderFrame({
          url,
          basePath: '/ktgl/',
          routes,
          settings: { systemName: h, organize: h, logImage: h, footer },
          pageHtml: '',
        });
        // Attribute values are written quoted with their quotes escaped: what is in them is text.
        const html = drawn.replace(/="[^"]*"/g, '=""');
        for (const live of [
          /<script/i,
          /<img[^>]*onerror/i,
          /<svg[^>]*onload/i,
          /<meta/i,
          /<style/i,
          /<[^>]*\son\w+=/i,
        ])
          expect(html, `${url}: ${live}`).not.toMatch(live);
        expect(drawn, url).not.toMatch(/href="javascript:/i);
      }
    }
  });
});

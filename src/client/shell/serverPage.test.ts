// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markersOf, showsAll, takeOverContainer } from './serverPage.js';
import { keepBodyAside } from '../runtime/testing/keepBodyAside.js';

keepBodyAside();

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('taking over a server-drawn page', () => {
  it('renders into #root itself when the server drew nothing', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(takeOverContainer()).toBe(document.getElementById('root'));
  });

  it('keeps the server page shown until the app shows the same titles and links, then swaps in one step', async () => {
    document.body.innerHTML =
      '<div id="root"><main class="ssr-page"><h1>通知公告</h1><a href="/x?id=1">第一条</a><a href="/more">更多</a><nav><a href="?page=9">9</a></nav></main></div>';
    const server = document.querySelector('.ssr-page')!;
    expect(markersOf(server)).toEqual(['通知公告', '第一条']);
    const box = takeOverContainer();
    expect(box).not.toBe(document.getElementById('root'));
    expect(box.style.visibility).toBe('hidden');
    box.innerHTML = '<div>通知公告</div>';
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    expect(document.querySelector('.ssr-page')).not.toBeNull();
    box.innerHTML = '<div>通知公告</div><table><tr><td><a>第一条</a></td></tr></table>';
    expect(showsAll(box, markersOf(server))).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelector('.ssr-page')).toBeNull();
    expect(box.getAttribute('style')).toBeNull();
  });

  it('does not wait for the links drawn for visitors alone, which a signed-in page rightly lacks', () => {
    document.body.innerHTML =
      '<div id="root"><main class="ssr-page"><div class="ssr-banner"><h1>平台</h1><p class="ssr-banner-links"><a href="/signUp">注册</a></p></div><h2>通知</h2><p class="ssr-actions"><a href="/apply">我要申报</a></p></main></div>';
    expect(markersOf(document.querySelector('.ssr-page')!)).toEqual(['平台', '通知']);
  });

  it('reads the markers from the page inside the shell frame, and swaps the whole frame out', async () => {
    document.body.innerHTML =
      '<div id="root"><div class="ssr-frame"><header><a href="/homePage">平台名称</a><ul><li>首页</li></ul></header><main><div class="ssr-page"><h1>立项名单</h1><a href="/x?id=2">某课题</a></div></main><footer>版本</footer></div></div>';
    const box = takeOverContainer();
    expect(box).not.toBe(document.getElementById('root'));
    // The header's brand link is not a marker: the app's page shows it in its own header.
    box.innerHTML = '<div>立项名单</div><a>某课题</a>';
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelector('.ssr-frame')).toBeNull();
    expect(document.getElementById('root')!.children).toHaveLength(1);
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, createElement, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { carryFields, drawingOf, markersOf, showsAll, takeOverContainer } from './serverPage.js';
import { session } from '../api/session.js';
import { keepBodyAside } from '../runtime/testing/keepBodyAside.js';

keepBodyAside();

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A signed-in person: the app's page is shown once it has the server page's texts. */
const signedIn = () => vi.spyOn(session, 'user').mockReturnValue({ username: 'leader1' } as never);

describe('taking over a server-drawn page', () => {
  it('renders into #root itself when the server drew nothing', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(takeOverContainer()).toBe(document.getElementById('root'));
  });

  it('keeps the server page shown until the app shows the same titles and links, then swaps in one step', async () => {
    signedIn();
    document.body.innerHTML =
      '<div id="root"><main class="ssr-page"><h1>通知公告</h1><table><tr><td><a href="/x?id=1">第一条</a></td></tr></table><a href="/more">更多</a><nav><a href="?page=9">9</a></nav></main></div>';
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
    signedIn();
    document.body.innerHTML =
      '<div id="root"><div class="ssr-frame"><header><a href="/homePage">平台名称</a><ul><li>首页</li></ul></header><main><div class="ssr-page"><h1>立项名单</h1><table><tr><td><a href="/x?id=2">某课题</a></td></tr></table></div></main><footer>版本</footer></div></div>';
    const box = takeOverContainer();
    expect(box).not.toBe(document.getElementById('root'));
    // The header's brand link is not a marker: the app's page shows it in its own header.
    box.innerHTML = '<div>立项名单</div><a>某课题</a>';
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelector('.ssr-frame')).toBeNull();
    expect(document.getElementById('root')!.children).toHaveLength(1);
  });

  it('tells two drawings apart by what their content area says, or a plain page by all it says', () => {
    document.body.innerHTML =
      '<div id="a"><main class="shell-content"><h1>立项名单</h1><a>某课题</a></main></div><div id="b"><main class="shell-content"><h1>立项名单</h1><a>某课题</a></main></div><div id="c"><main class="shell-content"><h1>立项名单</h1></main></div>';
    const [a, b, c] = ['a', 'b', 'c'].map((id) => document.getElementById(id)!);
    expect(drawingOf(a)).toBe(drawingOf(b));
    expect(drawingOf(a)).not.toBe(drawingOf(c));
    const plain = document.createElement('main');
    plain.innerHTML = '<h1>立项名单</h1>';
    expect(drawingOf(plain)).not.toBe(drawingOf(document.createElement('div')));
  });

  it('shows a visitor the app in place of the server’s drawing once it draws the same, not as soon as its texts are in', async () => {
    const page = '<h1>常见问题</h1><a href="/faq?id=1">第一问</a>';
    document.body.innerHTML = `<div id="root"><div class="ssr-frame"><main class="shell-content"><div class="ssr-page ssr-drawn">${page}<label>问题</label></div></main></div></div>`;
    const box = takeOverContainer();
    // The texts are in, the filter form is not yet: the server's page stays.
    box.innerHTML = `<main class="shell-content">${page}</main>`;
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelector('.ssr-frame')).not.toBeNull();
    box.innerHTML = `<main class="shell-content">${page}<label>问题</label></main>`;
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelector('.ssr-frame')).toBeNull();
  });

  it('carries what the visitor typed into the server’s search box, and the caret, into the app’s at the swap', async () => {
    const form = (value: string) =>
      `<main class="shell-content"><h1>通知公告</h1><form><input name="title" value="${value}"><input type="search"></form></main>`;
    document.body.innerHTML = `<div id="root"><div class="ssr-frame">${form('')}</div></div>`;
    const typed = document.querySelector<HTMLInputElement>('.ssr-frame input[name="title"]')!;
    typed.focus();
    typed.value = '申报';
    typed.setSelectionRange(1, 1);
    const box = takeOverContainer();
    // The app's field is React's, controlled: it changes only through its onChange.
    const heard: string[] = [];
    const root = createRoot(box);
    function Page() {
      const [title, setTitle] = useState('');
      heard.push(title);
      return createElement(
        'main',
        { className: 'shell-content' },
        createElement('h1', null, '通知公告'),
        createElement(
          'form',
          null,
          createElement('input', {
            name: 'title',
            value: title,
            onChange: (e: { target: HTMLInputElement }) => setTitle(e.target.value),
          }),
          createElement('input', { type: 'search' }),
        ),
      );
    }
    await act(async () => root.render(createElement(Page)));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(document.querySelector('.ssr-frame')).toBeNull();
    const mine = box.querySelector<HTMLInputElement>('input[name="title"]')!;
    expect(mine.value).toBe('申报');
    expect(heard.at(-1)).toBe('申报');
    expect(document.activeElement).toBe(mine);
    expect(mine.selectionStart).toBe(1);
    await act(async () => root.unmount());
  });

  it('carries nothing between drawings whose fields differ', () => {
    document.body.innerHTML = '<div id="a"><input value="x"><input></div><div id="b"><input></div>';
    carryFields(document.getElementById('a')!, document.getElementById('b')!);
    expect(document.querySelector<HTMLInputElement>('#b input')!.value).toBe('');
  });
});

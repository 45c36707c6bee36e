// @vitest-environment jsdom
import { cleanup } from '@testing-library/react';
import { fixtureDictionaries, fixtureEntities, fixturePages, fixtureWorkflows } from '../__fixtures__/index.js';
import { createFixtureDataProvider } from './fixtureDataProvider.js';
import { forgetStyles, indexedComputedStyle, jsdomComputedStyle, selectorKey } from './indexedComputedStyle.js';
import { renderPage } from './renderPage.js';
import { setupDom } from './setupDom.js';

setupDom();
// The file shares its worker's document with other files: it adds what it compares and takes it out.
let box: HTMLElement | undefined;
afterEach(() => {
  cleanup();
  box?.remove();
  box = undefined;
  document.head.querySelectorAll('style[data-test]').forEach((s) => s.remove());
});

/**
 * Every property answered for the elements under `root`, as text, to compare whole: all of them,
 * or `sample` spread evenly (jsdom's own answer is slow once antd's rules are in).
 */
function allStyles(root: Element, style: (el: Element) => CSSStyleDeclaration, sample?: number): string[] {
  // Both start from an empty style cache (jsdomComputedStyle empties it before each element).
  forgetStyles(document);
  const all = Array.from(root.querySelectorAll('*'));
  const step = sample ? Math.max(1, Math.floor(all.length / sample)) : 1;
  return all
    .filter((_, i) => i % step === 0)
    .map((el) => {
      const s = style(el);
      const props = Array.from({ length: s.length }, (_, i) => s.item(i)).sort();
      return `${el.tagName}.${el.className}: ${props.map((p) => `${p}=${s.getPropertyValue(p)}${s.getPropertyPriority(p)}`).join(';')}`;
    });
}

function addSheet(css: string) {
  const style = document.createElement('style');
  style.setAttribute('data-test', '');
  style.textContent = css;
  document.head.appendChild(style);
}

describe('indexed getComputedStyle', () => {
  it('keys a selector by what its rightmost compound requires, and unsure ones by nothing', () => {
    expect(selectorKey('.a .b > .c.d:hover')).toBe('.c');
    expect(selectorKey(':where(.css-x).ant-btn')).toBe('.ant-btn');
    expect(selectorKey('div#main.x')).toBe('#main');
    expect(selectorKey('a:not(.b)')).toBe('a');
    expect(selectorKey(':where(.x)')).toBe('*');
    expect(selectorKey('[hidden]')).toBe('*');
    expect(selectorKey('.a\\:b')).toBe('*');
    expect(selectorKey('.ab中')).toBe('*');
    expect(selectorKey('li:nth-child(2n + 1)')).toBe('li');
    expect(selectorKey('.a..b')).toBe('*');
    expect(selectorKey('.a..b .c')).toBe('*');
    expect(selectorKey('.a:not(.b..c)')).toBe('*');
  });

  it('answers as jsdom does for hand-made rules (lists, media, escapes, inheritance, unset, !important)', () => {
    addSheet(`
      .p { color: red; visibility: hidden; }
      .p > .c, #solo { display: none; pointer-events: none; }
      @media screen { .c.m { display: grid; } }
      @media (max-width: 10px) { .c { display: inline; } }
      .a\\:b { color: blue; }
      .ab中 { background-color: green; }
      :where(.p) span { color: currentcolor; visibility: visible; }
      [data-x="1"] { border-top-color: rgb(1, 2, 3) !important; }
      .u { display: unset; }
      .p..q .c { text-align: right; }
    `);
    box = document.body.appendChild(document.createElement('section'));
    box.innerHTML = `<div class="p"><span class="c m u" data-x="1">x</span><i id="solo" class="a:b"></i>
      <b class="ab中"><em style="color: purple">y</em></b></div>`;
    expect(allStyles(box, indexedComputedStyle)).toEqual(allStyles(box, jsdomComputedStyle));
  });

  // A list (table, pagination, filters) and a form (Formily's grid and items, whose CSS holds the
  // malformed rules) cover the kinds of antd rules the pages bring.
  it.each(['fixture/noticeList', 'fixture/noticeForm'])(
    'answers as jsdom does on the rendered page %s',
    async (pageId) => {
      const page = fixturePages.find((p) => p.id === pageId)!;
      const set = {
        pages: fixturePages,
        entities: fixtureEntities,
        workflows: fixtureWorkflows,
        dictionaries: fixtureDictionaries,
      };
      const { container } = await renderPage({
        pageId,
        mode: page.kind === 'form' ? 'add' : undefined,
        dataProvider: createFixtureDataProvider(set),
      });
      expect(document.styleSheets.length).toBeGreaterThan(0);
      expect(allStyles(container, indexedComputedStyle, 30)).toEqual(allStyles(container, jsdomComputedStyle, 30));
    },
    // jsdom's own getComputedStyle, the yardstick, is the slow part (7 s for both pages alone; over
    // 30 s when the CI's browser lane shares the two cores).
    120_000,
  );
});

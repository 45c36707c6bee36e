/**
 * A public page the server drew, as a journey waits for the app on it: the visitor's first move
 * brings the app's code, which hydrates the server's markup in place (client main.tsx).
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Until the app has arrived on a public page the server drew: the app's tree hydrated in place
 * (every element of the server's markup is React's), or, for a signed-in person, the app's page
 * swapped in for the server's. A part React had to draw afresh because its markup differed from
 * the server's (main.tsx marks it) fails the journey: the visitor would have seen it change.
 */
export async function appArrived(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const served = document.querySelector('#root > .ssr-frame, #root > .ssr-page');
      if (!served) return true;
      if (!served.hasAttribute('data-hydrate')) return false;
      const react = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactFiber$'));
      // Rich text is written as HTML (dangerouslySetInnerHTML): its elements are not React's own.
      const written = (el: Element) => {
        const props = Object.entries(el).find(([k]) => k.startsWith('__reactProps$'))?.[1] as
          { dangerouslySetInnerHTML?: unknown } | undefined;
        return !!props?.dangerouslySetInnerHTML;
      };
      const owned = (el: Element): boolean => {
        if (react(el)) return true;
        for (let up = el.parentElement; up && up !== served; up = up.parentElement) if (react(up)) return written(up);
        return false;
      };
      return react(served.firstElementChild ?? served) && [...served.querySelectorAll('*')].every(owned);
    },
    null,
    { timeout: 30_000 },
  );
  const error = await page.evaluate(() => document.documentElement.getAttribute('data-hydration-error'));
  expect(error, 'the server’s markup hydrated as it was').toBeNull();
}

/**
 * A public page the server drew loads the app when the visitor first moves, touches or types (or
 * after a few idle seconds): the mouse moves as a person's would, so a journey does not sit out
 * the idle wait; then the app's arrival is waited for (appArrived). For a signed-in person, whose
 * page the app draws unseen beside the server's, the document meanwhile holds both (the app's
 * hidden), and a locator meant for one element would find two.
 */
export async function touched(page: Page): Promise<void> {
  await page.mouse.move(2, 2);
  await appArrived(page);
}

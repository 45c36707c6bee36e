import { useEffect, useRef } from 'react';

/** Where keyboard focus is working in a dialog, a popover or the tour: a page change leaves it there. */
const KEEP_FOCUS_IN = '.ant-modal-wrap, .ant-popover, .ant-tour, .ant-dropdown';

/**
 * The page's main heading, for screen readers (the name the menu and the tab title give the page;
 * the page draws its own visible title). After every move to another page it takes the keyboard
 * focus, so a keyboard or screen reader user starts reading at the new page instead of at the top
 * of the document or on the link pressed; the first page loaded keeps the browser's own start.
 */
export function PageHeading({ name, pathname }: { name: string; pathname: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const first = shown.current === null;
    shown.current = pathname;
    if (first) return;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.closest(KEEP_FOCUS_IN)) return;
    ref.current?.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <h1 ref={ref} tabIndex={-1} className="shell-page-heading">
      {name}
    </h1>
  );
}

/**
 * How a screen reads, checked on its layout: a table heading cut short (by its box or an ellipsis),
 * a table cell whose text runs out of its box, a form or description label wrapping (its colon then
 * stands on a line of its own), and a page opened from the menu whose heading, breadcrumb or card
 * title says something else than the entry the user pressed.
 */
import type { Page } from 'playwright-core';

export interface Problem {
  kind: string;
  detail: string;
}

/** Layout problems of what the page shows now. */
export async function layoutProblems(page: Page): Promise<Problem[]> {
  return page.evaluate(() => {
    const out: { kind: string; detail: string }[] = [];
    const shown = (el: Element) =>
      el.getClientRects().length > 0 &&
      getComputedStyle(el).visibility !== 'hidden' &&
      !el.closest('[aria-hidden="true"]');
    const cut = (el: Element) => el.scrollWidth > el.clientWidth + 1;
    const text = (el: Element) => (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim();
    for (const table of document.querySelectorAll('.ant-table')) {
      if (!shown(table)) continue;
      const headings = [...table.querySelectorAll('thead th.ant-table-cell')].filter(
        (th) => shown(th) && !th.classList.contains('ant-table-selection-column') && text(th),
      );
      for (const th of headings) {
        const boxes = [th, ...th.querySelectorAll('.ant-table-column-title, .ant-table-column-sorters')];
        if (boxes.some(cut)) out.push({ kind: 'clipped heading', detail: text(th) });
      }
      const titles = [...table.querySelectorAll('thead tr:last-child th.ant-table-cell')].map((th) => text(th));
      for (const row of [...table.querySelectorAll('tbody tr.ant-table-row')].slice(0, 10)) {
        [...row.children].forEach((td, i) => {
          // A body cell with antd's ellipsis shows its whole text on hover: it may be cut.
          if (!shown(td) || td.classList.contains('ant-table-cell-ellipsis') || !text(td)) return;
          if (cut(td)) out.push({ kind: 'clipped cell', detail: `${titles[i] ?? '?'}: ${text(td).slice(0, 40)}` });
        });
      }
    }
    // A label on more than one line: its colon (drawn after it) is left apart from the words.
    const labels = document.querySelectorAll(
      '.ant-formily-item-label-content, .ant-form-item-label > label, .ant-descriptions-item-label',
    );
    for (const label of labels) {
      if (!shown(label) || !text(label)) continue;
      const range = document.createRange();
      range.selectNodeContents(label);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1 || cut(label)) out.push({ kind: 'split label', detail: text(label) });
    }
    return out;
  });
}

/** Where the page names itself against the menu entry that opened it. */
export async function titleProblems(page: Page, entry: string): Promise<Problem[]> {
  const names = await page.evaluate(() => {
    const read = (sel: string) => (document.querySelector(sel) as HTMLElement | null)?.innerText.trim();
    const crumbs = [...document.querySelectorAll('.shell-breadcrumb .ant-breadcrumb li')]
      .map((li) => (li as HTMLElement).innerText.trim())
      .filter((t) => t && t !== '/');
    return {
      heading: read('.shell-page-heading'),
      breadcrumb: crumbs[crumbs.length - 1],
      // The card of the page's own list (a home block or a chart card names its part, not the page).
      card: (
        [...document.querySelectorAll('.shell-content .ant-card')].find(
          (c) => c.querySelector('.runtime-list') && !c.closest('.rt-dash-section'),
        ) as HTMLElement | undefined
      )
        ?.querySelector<HTMLElement>(':scope > .ant-card-head .ant-card-head-title')
        ?.innerText.trim(),
    };
  });
  return Object.entries(names)
    .filter(([, name]) => name && name !== entry)
    .map(([where, name]) => ({ kind: 'title differs from menu', detail: `${where} ${name} ≠ menu ${entry}` }));
}

/**
 * What the firing crawler reads and answers on the pages a list's row links lead to: where those
 * links go (from the schemas), the data-changing buttons a module's page kind or widget marks
 * (`data-page-action`, src/client/runtime/pages/pageAction.ts), and a dialog answered with its own
 * values, a choice taken only where its 确定 waits for one.
 */
import type { Locator, Page } from 'playwright-core';
import { CONTENT, label } from './screen.js';
import type { Bundle } from './watch.js';

/** A marked button as the page shows it: whose it is, its words, whether it may be pressed. */
export interface Marked {
  owner: string;
  label: string;
  enabled: boolean;
  /** It sits in a table's row: it acts on that row only. */
  inRow: boolean;
}

export const MARKED = `${CONTENT} [data-page-action]:visible`;

/** The row links a page's schema declares: each label with the path it leads to. */
export function rowLinks(bundle: Bundle | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const def of bundle?.page?.rowActions ?? []) {
    if (def.type !== 'link' || !def.to || !def.label) continue;
    const l = label(def.label);
    if (!out.has(l)) out.set(l, new URL(def.to, 'http://x').pathname);
  }
  return out;
}

/** The marked buttons shown now, in the page's order (an icon's words are its aria-label). */
export async function markedActions(page: Page): Promise<Marked[]> {
  return page.locator(MARKED).evaluateAll((els) =>
    els.map((el) => ({
      owner: el.getAttribute('data-page-action') ?? '',
      label: ((el as HTMLElement).innerText || el.getAttribute('aria-label') || '').replace(/\s+/g, ''),
      enabled: !(el as HTMLButtonElement).disabled && el.getAttribute('aria-disabled') !== 'true',
      inRow: el.closest('tr') !== null,
    })),
  );
}

/** Whether `button` (a dialog's 确定) can be pressed now. */
async function pressable(button: Locator): Promise<boolean> {
  return button.isEnabled().catch(() => false);
}

/**
 * Answers a dialog as it stands: an empty text area gets an opinion (同意。), a required select
 * with nothing chosen its first option; while its 确定 stays disabled, each choice left open (a
 * radio group, the rows of a picking table) its first option. False when 确定 still may not be pressed.
 */
export async function answerDialog(page: Page, dialog: Locator): Promise<boolean> {
  const boxes = dialog.locator('textarea:visible');
  for (let i = 0; i < (await boxes.count()); i += 1)
    if (!(await boxes.nth(i).inputValue())) await boxes.nth(i).fill('同意。');
  const required = dialog.locator(
    '.ant-form-item:has(.ant-form-item-required), .ant-formily-item:has(.ant-formily-item-asterisk)',
  );
  const empty = required.locator('.ant-select:visible:not(:has(.ant-select-selection-item))');
  for (let i = 0; i < (await empty.count()); i += 1) {
    await empty.nth(i).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option:not(.ant-select-item-option-disabled)')
      .first()
      .click()
      .catch(() => page.keyboard.press('Escape'));
  }
  const ok = dialog.locator('.ant-modal-footer .ant-btn-primary').first();
  if (await pressable(ok)) return true;
  const groups = dialog.locator('.ant-radio-group:visible:not(:has(.ant-radio-wrapper-checked))');
  for (let i = 0; i < (await groups.count()); i += 1)
    await groups
      .nth(i)
      .locator('.ant-radio-wrapper:not(.ant-radio-wrapper-disabled)')
      .first()
      .click()
      .catch(() => undefined);
  if (await pressable(ok)) return true;
  const tick = dialog.locator('tbody tr.ant-table-row .ant-checkbox-input:not(:disabled)');
  if (await tick.count()) await tick.first().check();
  return pressable(ok);
}

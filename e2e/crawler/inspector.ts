/**
 * What the crawler checks on every screen it reaches (a page, a tab, a dialog): what the user
 * reads (screenChecks) and how it is laid out (readability), failure pages, the toasts shown since the last look, and axe's serious and
 * critical violations, which are kept per page for the report as well as told as findings.
 */
import type { Page } from 'playwright-core';
import { api } from '../harness.js';
import { axeLine, axeViolations, type AxeViolation } from './axe.js';
import { layoutProblems } from './readability.js';
import { codedHeadings, screenProblems, type DictionaryOptions } from './screenChecks.js';
import { CONTENT, label } from './screen.js';
import type { Watch } from './watch.js';

export interface AxeSeen {
  where: string;
  violations: AxeViolation[];
}

export class Inspector {
  private readonly dicts = new Map<string, DictionaryOptions>();
  /** Every screen axe looked at, with what it found there (nothing, mostly). */
  readonly axe: AxeSeen[] = [];

  constructor(
    readonly page: Page,
    readonly watch: Watch,
  ) {}

  /** Checks what the screen shows now, and the toasts shown since the last look. */
  async inspect(): Promise<void> {
    for (const b of this.watch.bundles.values()) {
      for (const f of Object.values<any>(b.entity?.fields ?? {})) {
        if (f?.dict && !this.dicts.has(f.dict)) {
          const answer = await api(this.page, `dic/getDicListByType?type=${encodeURIComponent(f.dict)}`);
          this.dicts.set(f.dict, answer.flag && Array.isArray(answer.data) ? answer.data : []);
        }
      }
    }
    const coded = codedHeadings(this.watch.bundles.values(), (t) => this.dicts.get(t));
    // The runtime loads a page's dictionaries before drawing it and shows a placeholder while one
    // reloads: a code on screen at any moment is a fault the user sees.
    for (const p of await screenProblems(this.page, coded)) this.watch.add(p.kind, p.detail);
    for (const p of await layoutProblems(this.page)) this.watch.add(p.kind, p.detail);
    const failure = this.page.locator(`${CONTENT} .status-result:visible, ${CONTENT} .ant-result-error:visible`);
    if (await failure.count()) this.watch.add('failure page', await failure.first().innerText());
    await this.checkAxe();
    await this.checkToasts();
  }

  private async checkAxe(): Promise<void> {
    const violations = await axeViolations(this.page);
    this.axe.push({ where: this.watch.where, violations });
    for (const v of violations) this.watch.add(`axe ${v.rule}`, axeLine(v));
  }

  async checkToasts(): Promise<void> {
    const fieldErrors = await this.page
      .locator('.ant-formily-item-error-help:visible, .ant-form-item-explain-error:visible')
      .allInnerTexts();
    for (const t of await this.watch.toasts()) {
      if (/参数不合法/.test(t.text) && !fieldErrors.join('').trim() && label(t.text) === '参数不合法')
        this.watch.add('generic 参数不合法', `no field message shown (${t.text})`);
      else if (t.type === 'error') this.watch.add('error message', t.text);
    }
  }
}

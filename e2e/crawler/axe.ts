/**
 * axe-core (WCAG 2 A and AA rules) over what the page shows now: the serious and critical
 * violations, one line per rule with the first elements it names. axe is evaluated into the page
 * through the browser's own channel, which the portal's Content-Security-Policy does not govern.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rule sets the portal answers to (GB/T 37668 follows WCAG 2.0 AA). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeViolation {
  rule: string;
  impact: 'serious' | 'critical';
  help: string;
  /** Selectors of the first elements it names, and how many there are. */
  targets: string[];
  nodes: number;
}

export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (window as any).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((v: any) => v.impact === 'serious' || v.impact === 'critical')
      .map((v: any) => ({
        rule: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.slice(0, 3).map((n: any) => n.target.join(' ')),
        nodes: v.nodes.length,
      }));
  }, AXE_TAGS);
}

/** One line of a violation for a finding: rule, impact, how many elements, the first of them. */
export function axeLine(v: AxeViolation): string {
  return `${v.rule} (${v.impact}, ${v.nodes} elements): ${v.help} · ${v.targets.join(' | ')}`;
}

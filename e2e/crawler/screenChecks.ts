/**
 * What a user must never read on a screen, checked on what the page shows (innerText, so hidden
 * parts do not count): a sentence in Latin letters, an epoch number or an unformatted ISO time, and
 * a raw code where a label belongs: a table cell, form value or description item whose heading
 * names a dictionary or status field and whose text is one of its codes but none of its labels.
 */
import type { Page } from 'playwright-core';
import type { Bundle } from './watch.js';

/** For each heading a user reads over a coded value: the codes and the labels it may show. */
export type CodedHeadings = Record<string, { codes: string[]; labels: string[] }>;

/** Dictionary options as dic/getDicListByType answers them. */
export type DictionaryOptions = { value?: unknown; id?: unknown; text?: unknown; name?: unknown }[];

/** The coded headings of the schemas loaded so far: dictionary fields and the workflow's status field. */
export function codedHeadings(
  bundles: Iterable<Bundle>,
  dictionary: (type: string) => DictionaryOptions | undefined,
): CodedHeadings {
  const out: CodedHeadings = {};
  const add = (heading: string | undefined, codes: string[], labels: string[]) => {
    if (!heading) return;
    const h = (out[heading] ??= { codes: [], labels: [] });
    h.codes.push(...codes);
    h.labels.push(...labels);
  };
  for (const b of bundles) {
    const fields: Record<string, any> = b.entity?.fields ?? {};
    const headingsOf = (name: string): string[] => {
      const own = fields[name]?.label as string | undefined;
      const fromPage = [...(b.page?.columns ?? []), ...(b.page?.sections ?? []).flatMap((s: any) => s.fields ?? [])]
        .filter((c: any) => c?.field === name && c.label)
        .map((c: any) => c.label as string);
      return [...(own ? [own] : []), ...fromPage];
    };
    for (const [name, def] of Object.entries(fields)) {
      if (!def?.dict) continue;
      const opts = dictionary(def.dict) ?? [];
      const codes = opts.map((o) => String(o.value ?? o.id ?? ''));
      const labels = opts.map((o) => String(o.text ?? o.name ?? ''));
      for (const h of headingsOf(name)) add(h, codes, labels);
    }
    const wf = b.workflow;
    if (wf?.statuses) {
      for (const h of headingsOf(wf.field ?? 'status'))
        add(
          h,
          wf.statuses.map((s: any) => String(s.code)),
          wf.statuses.map((s: any) => String(s.label)),
        );
    }
  }
  return out;
}

/** Looks at the screen as it is now; returns one line per problem. */
export async function screenProblems(page: Page, coded: CodedHeadings): Promise<{ kind: string; detail: string }[]> {
  return page.evaluate((coded) => {
    const problems: { kind: string; detail: string }[] = [];
    const root = document.querySelector<HTMLElement>('.shell-layout, #root') ?? document.body;
    // What users typed or uploaded is theirs: file names and article bodies may be in any script;
    // so is the schema JSON the studio's code editor shows (its keys and notes are the schema's).
    const own = root.querySelectorAll<HTMLElement>(
      '.runtime-file-list, .runtime-richtext, .ProseMirror, .ant-upload-list, .runtime-article-body, .cm-editor',
    );
    // innerText of the live tree without those parts: hidden for the one read.
    const hidden: [HTMLElement, string][] = [];
    own.forEach((el) => {
      hidden.push([el, el.style.display]);
      el.style.display = 'none';
    });
    const text = root.innerText;
    hidden.forEach(([el, d]) => {
      el.style.display = d;
    });
    for (const m of text.matchAll(/[A-Za-z][A-Za-z'’]*(?:[ ,;:]+[A-Za-z][A-Za-z'’]*){3,}/g))
      problems.push({ kind: 'latin sentence', detail: m[0] });
    for (const m of text.matchAll(/(?<![\d.])1[3-9]\d{11}(?!\d)/g))
      problems.push({ kind: 'epoch number', detail: m[0] });
    for (const m of text.matchAll(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}[^\s]*/g))
      problems.push({ kind: 'unformatted time', detail: m[0] });

    const check = (heading: string, value: string, where: string) => {
      const h = coded[heading.replace(/[：:*\s]/g, '')];
      const v = value.trim();
      if (!h || !v) return;
      if (h.codes.includes(v) && !h.labels.includes(v))
        problems.push({ kind: 'raw code', detail: `${where} ${heading}: ${v}` });
    };
    for (const table of root.querySelectorAll<HTMLElement>('.ant-table')) {
      if (!table.offsetParent) continue;
      const heads = [...table.querySelectorAll<HTMLElement>('thead tr:last-child th')].map((th) => th.innerText.trim());
      for (const row of [...table.querySelectorAll<HTMLElement>('tbody tr.ant-table-row')].slice(0, 10)) {
        [...row.children].forEach((td, i) => check(heads[i] ?? '', (td as HTMLElement).innerText, 'table'));
      }
    }
    for (const item of root.querySelectorAll<HTMLElement>('.ant-formily-item')) {
      if (!item.offsetParent) continue;
      const label = item.querySelector<HTMLElement>('.ant-formily-item-label');
      const control = item.querySelector<HTMLElement>('.ant-formily-item-control');
      // Only what is shown as text (look mode); a select's chosen option in an edit form is its label anyway.
      if (label && control && !control.querySelector('input, textarea, .ant-select, table'))
        check(label.innerText, control.innerText, 'form');
    }
    for (const item of root.querySelectorAll<HTMLElement>('.ant-descriptions-item')) {
      const label = item.querySelector<HTMLElement>('.ant-descriptions-item-label');
      const content = item.querySelector<HTMLElement>('.ant-descriptions-item-content');
      if (label && content) check(label.innerText, content.innerText, 'description');
    }
    return problems;
  }, coded);
}

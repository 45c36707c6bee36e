/**
 * The crawler's re-save of an edit form as it was loaded: through every step (下一步) to 保存. An
 * unchanged record must save; a form loaded without what it exists to add (a stage report not
 * uploaded yet) may say so at its fields, and nothing is sent.
 */
import type { Locator, Page } from 'playwright-core';
import { buttonName } from '../harness.js';
import type { Watch } from './watch.js';

const CONTENT = '.shell-content';
const label = (s: string) => s.replace(/\s+/g, '');

/** What a re-save needs of the walk. */
export interface FormWalker {
  page: Page;
  watch: Watch;
  restore(url: string, tab: string | undefined): Promise<void>;
  inspect(): Promise<void>;
  checkToasts(): Promise<void>;
}

/** A field's message that it is empty (请上传开题报告, 请输入…, …不能为空), not that its value is wrong. */
const isRequiredMessage = (m: string) => /^请(输入|选择|上传|填写|添加)|不能为空|必填/.test(m.trim());

/** One save at a time across the accounts walking together. */
const saving = (() => {
  let tail = Promise.resolve();
  let release = () => {};
  return {
    async acquire() {
      const previous = tail;
      let done!: () => void;
      tail = new Promise<void>((r) => {
        done = r;
      });
      await previous;
      release = done;
    },
    release: () => release(),
  };
})();

async function pressSave(w: FormWalker, save: Locator): Promise<string> {
  await save.click();
  const outcome = await w.page
    .locator('.ant-message-notice')
    .first()
    .waitFor({ timeout: 20_000 })
    .then(
      () => 'answered',
      () => 'silent',
    );
  await w.watch.quiet();
  return outcome;
}

/** Re-saves an edit form as loaded: through every step (下一步) to 保存. */
/** What a re-save reads and writes of the page's visit: its name, and the actions it records. */
type Visit = { name: string; actions: string[] };

export async function resave(w: FormWalker, url: string, visit: Visit): Promise<void> {
  await w.restore(url, undefined);
  const buttons = w.page.locator(`${CONTENT} .runtime-form-buttons`);
  if (!(await buttons.count())) return;
  w.watch.where = `${url} (${visit.name}, re-save)`;
  for (let step = 0; step < 12; step += 1) {
    const next = buttons.getByRole('button', { name: buttonName('下一步') });
    if (!(await next.count())) break;
    const before = await w.page
      .locator(`${CONTENT} .ant-steps-item-active`)
      .innerText()
      .catch(() => '');
    await next.click();
    await w.watch.quiet();
    await w.inspect();
    const after = await w.page
      .locator(`${CONTENT} .ant-steps-item-active`)
      .innerText()
      .catch(() => '');
    if (after === before) {
      const errors = await w.page.locator('.ant-formily-item-error-help:visible').allInnerTexts();
      if (errors.length && errors.every(isRequiredMessage))
        visit.actions.push(`step ${label(before)}: incomplete as loaded (${errors.join(' | ')})`);
      else w.watch.add('step refused unchanged', `${before}: ${errors.join(' | ') || 'no message'}`);
      return;
    }
    visit.actions.push(`step ${label(after)}`);
  }
  const save = buttons.getByRole('button', { name: buttonName('保存') });
  if (!(await save.count())) return;
  // Other accounts walk at the same time and may have saved the same record since it was loaded:
  // the portal then rightly answers 409 (记录已被他人修改). Saves take turns, and a save that met
  // another's is tried once more on the record loaded afresh.
  await saving.acquire();
  let outcome: string;
  const before = w.watch.findings.length;
  try {
    let conflict = false;
    const onAnswer = (r: { status(): number }) => {
      if (r.status() === 409) conflict = true;
    };
    w.page.on('response', onAnswer);
    outcome = await pressSave(w, save);
    w.page.off('response', onAnswer);
    if (conflict) {
      w.watch.findings.splice(before);
      await w.watch.toasts();
      await w.page.reload();
      await w.watch.quiet();
      outcome = await pressSave(w, save);
    }
  } finally {
    saving.release();
  }
  const errors = await w.page.locator('.ant-formily-item-error-help:visible').allInnerTexts();
  if (errors.length && errors.every(isRequiredMessage)) {
    // Loaded without what this form exists to add (a stage report not uploaded yet, a new mobile or
    // e-mail): the form says so at the field. Where only the server can tell (one of two fields),
    // its answer names the field too, and its toast points there: one refusal, said where to act
    // (its 400 and toast are that refusal, not faults of their own).
    await w.watch.toasts();
    w.watch.findings.splice(before);
    visit.actions.push(`re-save: incomplete as loaded (${errors.join(' | ')})`);
    return;
  }
  await w.checkToasts();
  if (errors.length) w.watch.add('re-save refused', errors.join(' | '));
  else if (outcome === 'silent') w.watch.add('re-save silent', 'no message after 保存');
  visit.actions.push(`re-save ${errors.length ? 'refused' : 'done'}`);
}

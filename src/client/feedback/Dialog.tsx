import { Modal, type ModalProps } from 'antd';
import { useCallback, useRef } from 'react';

/** SPEC §9: a dialog is 600 px wide unless it says otherwise (login 320, role 325, sub-system 580). */
export const DIALOG_WIDTH = 600;

/** What a person fills or picks in a dialog: the first of these takes the focus when it opens. */
const FIELD =
  'input:not([type="hidden"]):not([disabled]):not([readonly]), textarea:not([disabled]):not([readonly]), [contenteditable="true"], [role="radio"], [role="combobox"]:not([aria-disabled="true"])';

/** The first field of `panel` a person can reach (shown and enabled), or null. */
export function firstField(panel: HTMLElement | null): HTMLElement | null {
  const body = panel?.querySelector<HTMLElement>('.ant-modal-body') ?? panel;
  if (!body) return null;
  for (const el of body.querySelectorAll<HTMLElement>(FIELD)) {
    if (el.closest('[aria-hidden="true"], [hidden], .ant-select-disabled')) continue;
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    return el;
  }
  return null;
}

/**
 * Focuses the first field of `panel`; when its fields are still loading (a lazy form), focuses it
 * once drawn, unless the person has moved the focus meanwhile. Returns what stops the wait.
 */
function focusFirstField(panel: HTMLElement | null): () => void {
  const field = firstField(panel);
  if (field || !panel) {
    field?.focus();
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    const active = document.activeElement;
    // Focus the person moved (into a button of the dialog, or out of it) is theirs to keep.
    const wrap = panel.closest('.ant-modal-wrap') ?? panel;
    const untouched =
      !active || active === document.body || (wrap.contains(active) && !active.matches(`${FIELD}, button, a`));
    if (!untouched || !panel.isConnected) return observer.disconnect();
    const late = firstField(panel);
    if (late) {
      late.focus();
      observer.disconnect();
    }
  });
  observer.observe(panel, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/**
 * Every dialog of the app: antd's Modal with the product's default width. Opening it moves the
 * keyboard focus to its first field (a dialog with none keeps antd's focus on the dialog itself, so
 * Tab reaches its buttons); closing it gives the focus back to what had it before (antd's own
 * `focusTriggerAfterClose`).
 */
export function Dialog({ width = DIALOG_WIDTH, afterOpenChange, ...props }: ModalProps) {
  const panel = useRef<HTMLDivElement | null>(null);
  const stopWaiting = useRef<() => void>(() => undefined);
  const opened = useCallback(
    (open: boolean) => {
      stopWaiting.current();
      if (open) stopWaiting.current = focusFirstField(panel.current);
      afterOpenChange?.(open);
    },
    [afterOpenChange],
  );
  const modalProps = { ...props, panelRef: panel } as ModalProps;
  return <Modal width={width} {...modalProps} afterOpenChange={opened} />;
}

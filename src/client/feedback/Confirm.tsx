import { Popconfirm, type PopconfirmProps } from 'antd';
import { useCallback, useId, useRef } from 'react';

/** The page's main heading, made focusable for the focus to be put there (shell/PageHeading.tsx). */
const PAGE_HEADING = 'h1[tabindex="-1"]';

const focusHeading = () => document.querySelector<HTMLElement>(PAGE_HEADING)?.focus({ preventScroll: true });

/** How long after the bubble closes an answer still on its way may take the button away. */
const SETTLE_MS = 30_000;

/**
 * The focus went back to `button`, but what was confirmed may still be on its way to the server and
 * take the button away when it answers (提交评分 locks the sheet): the browser then drops the focus
 * on the body without an event, so the removal is watched for until the focus moves on by itself.
 */
function headingIfRemoved(button: HTMLElement) {
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    button.removeEventListener('blur', moved);
  };
  const observer = new MutationObserver(() => {
    if (button.isConnected) return;
    stop();
    const active = document.activeElement;
    if (!active || active === document.body) focusHeading();
  });
  // A blur while the button is still in the page is the person moving on.
  const moved = () => queueMicrotask(() => button.isConnected && stop());
  const timer = setTimeout(stop, SETTLE_MS);
  button.addEventListener('blur', moved);
  observer.observe(document.body, { childList: true, subtree: true });
}

/**
 * Every confirmation bubble of the app (确定要…吗？): antd's Popconfirm, which leaves the keyboard
 * focus on the button that opened it, so Tab walked on through the page and never reached 确定.
 * Opening it moves the focus to its 确定 (Enter confirms, Shift+Tab reaches 取消); closing it gives
 * the focus back to the button that opened it, unless the person has moved it elsewhere meanwhile;
 * when what was confirmed took the button away, to the page's main heading.
 */
export function Confirm({ onOpenChange, rootClassName, ...props }: PopconfirmProps) {
  const marker = `confirm-${useId().replace(/[^\w-]/g, '')}`;
  const trigger = useRef<HTMLElement | null>(null);
  const changed = useCallback(
    (open: boolean, e?: Parameters<NonNullable<PopconfirmProps['onOpenChange']>>[1]) => {
      if (open) {
        const active = document.activeElement;
        trigger.current = active instanceof HTMLElement && active !== document.body ? active : null;
        // Drawn in the next frame (the first open mounts the bubble).
        requestAnimationFrame(() =>
          document.querySelector<HTMLElement>(`.${marker} .ant-popconfirm-buttons .ant-btn-primary`)?.focus(),
        );
      } else {
        const back = trigger.current;
        trigger.current = null;
        requestAnimationFrame(() => {
          const active = document.activeElement;
          const lost = !active || active === document.body || active.closest(`.${marker}`) !== null;
          if (!lost) return;
          // What was confirmed took the button away (a sheet submitted turns read-only): the page's
          // main heading, where a move to another page puts the focus too, rather than the body.
          if (back?.isConnected) {
            back.focus();
            headingIfRemoved(back);
          } else focusHeading();
        });
      }
      onOpenChange?.(open, e);
    },
    [marker, onOpenChange],
  );
  return (
    <Popconfirm {...props} rootClassName={[marker, rootClassName].filter(Boolean).join(' ')} onOpenChange={changed} />
  );
}

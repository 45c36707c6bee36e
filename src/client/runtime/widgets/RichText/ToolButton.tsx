import { Button, Tooltip } from 'antd';
import type { MouseEvent, ReactNode } from 'react';

/**
 * A mouse-down on a button would move the focus out of the text, and tiptap's `focus()` gives it
 * back only on the next frame: keys typed meanwhile went to the button (Enter right after 加粗
 * toggled bold back on and lost the line break). Keeping the focus in the text avoids that;
 * keyboard users still reach the buttons with Tab. The link button opens a dialog, which takes
 * the focus and hands it back to the button as it closes.
 */
const keepTextFocus = (e: MouseEvent) => e.preventDefault();

/** One toolbar button: an icon with its name as tooltip and accessible name, pressed where the caret is. */
export function ToolButton({
  title,
  icon,
  active,
  disabled,
  opensDialog,
  onClick,
}: {
  title: string;
  icon: ReactNode;
  active?: boolean;
  disabled?: boolean;
  opensDialog?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={title}>
      <Button
        size="small"
        aria-label={title}
        aria-pressed={active}
        type={active ? 'primary' : 'default'}
        disabled={disabled}
        icon={icon}
        onMouseDown={opensDialog ? undefined : keepTextFocus}
        onClick={onClick}
      />
    </Tooltip>
  );
}

/**
 * The rich-text toolbar: every button an icon with its name as tooltip and accessible name, active
 * (primary) where the caret is. Pictures go up through the file service (see uploadOne) and come
 * back as a stable content address; links go through the same URL rule as the sanitisers.
 */
import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { Divider, Space } from 'antd';
import { COMMANDS, GROUPS } from './toolbarCommands.js';
import { ImageButton } from './ImageButton.js';
import { LinkButton } from './LinkButton.js';
import { ToolButton } from './ToolButton.js';

export function RichTextToolbar({
  editor,
  disabled,
  belongType,
}: {
  editor: Editor;
  disabled?: boolean;
  belongType?: string;
}) {
  const state =
    useEditorState({
      editor,
      selector: ({ editor: e }) => {
        const live = e && !e.isDestroyed;
        return {
          inTable: live ? e.isActive('table') : false,
          ...Object.fromEntries(COMMANDS.map((c) => [c.key, live && c.active ? c.active(e) : false])),
        } as Record<string, boolean>;
      },
    }) ?? {};
  return (
    <Space
      size={4}
      wrap
      className="runtime-richtext-toolbar"
      role="toolbar"
      aria-label="格式"
      style={{ padding: 4, borderBottom: '1px solid #f0f0f0', width: '100%' }}
    >
      {GROUPS.map((group, i) => (
        <Space key={i} size={4}>
          {i > 0 && <Divider type="vertical" style={{ margin: '0 2px' }} />}
          {group
            .filter((c) => !c.inTable || state.inTable)
            .map((c) => (
              <ToolButton
                key={c.key}
                title={c.title}
                icon={c.icon}
                active={state[c.key]}
                disabled={disabled}
                onClick={() => c.run(editor)}
              />
            ))}
        </Space>
      ))}
      <Divider type="vertical" style={{ margin: '0 2px' }} />
      <LinkButton editor={editor} disabled={disabled} />
      <ImageButton editor={editor} disabled={disabled} belongType={belongType} />
    </Space>
  );
}

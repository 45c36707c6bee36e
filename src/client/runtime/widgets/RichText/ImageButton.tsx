import { PictureOutlined } from '@ant-design/icons';
import type { Editor } from '@tiptap/react';
import { Button, Tooltip } from 'antd';
import { useRef, useState } from 'react';
import { FILE_TYPE_SETS, RICH_TEXT_IMAGES, richTextImageUrl } from '../../../../shared/fileTypes.js';
import { uploadOne } from '../../../upload/uploadOne.js';

/** 插入图片: the picture goes up through the file service and comes back as a stable content address. */
export function ImageButton({
  editor,
  disabled,
  belongType,
}: {
  editor: Editor;
  disabled?: boolean;
  belongType?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  if (!belongType) return null;
  const accept = FILE_TYPE_SETS.image.map((x) => `.${x}`).join(',');
  return (
    <>
      <Tooltip title="插入图片">
        <Button
          size="small"
          aria-label="插入图片"
          icon={<PictureOutlined />}
          loading={busy}
          disabled={disabled}
          onClick={() => input.current?.click()}
        />
      </Tooltip>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        aria-hidden
        className="runtime-richtext-image-input"
        onChange={async (ev) => {
          const file = ev.target.files?.[0];
          ev.target.value = '';
          if (!file) return;
          setBusy(true);
          try {
            const ref = await uploadOne(file, { belongType, ...RICH_TEXT_IMAGES });
            if (ref)
              editor
                .chain()
                .focus()
                .setImage({ src: richTextImageUrl(ref.md5), alt: ref.fileName.replace(/\.[^.]+$/, '') })
                .run();
          } finally {
            setBusy(false);
          }
        }}
      />
    </>
  );
}

/** Read-pretty of the uploader: the stored files with preview and download links. */
import { PaperClipOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { FilePreview, canPreview, type PreviewTarget } from './FilePreview.js';
import { downloadStoredFile, sizeText } from './fileActions.js';
import type { FileRefValue } from './uploadTypes.js';

export function UploadFileList({ value }: { value?: FileRefValue[] | null }) {
  const [previewing, setPreviewing] = useState<PreviewTarget | null>(null);
  const files = Array.isArray(value) ? value.filter((f) => f && f.id !== undefined) : [];
  if (!files.length) return <span className="runtime-text">-</span>;
  return (
    <>
      <ul className="upload-file-list" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {files.map((f) => (
          <li key={f.id} style={{ lineHeight: '28px' }}>
            <PaperClipOutlined /> <span className="upload-file-name">{f.fileName}</span>
            <span style={{ color: '#666', marginLeft: 8 }}>{sizeText(f.fileSize)}</span>
            {canPreview(f) ? (
              <a
                style={{ marginLeft: 12 }}
                onClick={() => setPreviewing({ id: f.id, fileName: f.fileName, fileSuffix: f.fileSuffix })}
              >
                预览
              </a>
            ) : null}
            <a style={{ marginLeft: 12 }} onClick={() => void downloadStoredFile(f).catch(() => undefined)}>
              下载
            </a>
          </li>
        ))}
      </ul>
      <FilePreview file={previewing} onClose={() => setPreviewing(null)} />
    </>
  );
}

import { PaperClipOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { FilePreview, canPreview, type PreviewTarget } from '../../../upload/FilePreview.js';
import { fileDownloadPath, type FileRefLike } from '../../data/dataProvider.js';
import { useOptionalRuntime } from '../../RuntimeContext.js';

function sizeText(bytes: number | undefined): string {
  if (bytes === undefined || bytes === null || Number.isNaN(bytes)) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Read-only list of stored files (FileRef) with download links, and 预览 for the files the browser
 * can show (directly or converted), so a reader need not download them.
 */
export function FileList({ value }: { value?: FileRefLike[] | null }) {
  const runtime = useOptionalRuntime();
  const [previewing, setPreviewing] = useState<PreviewTarget | null>(null);
  const files = Array.isArray(value) ? value.filter((f) => f && f.id !== undefined) : [];
  if (!files.length) return <span className="runtime-text">-</span>;
  return (
    <ul className="runtime-file-list" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {files.map((f) => (
        <li key={String(f.id)}>
          <PaperClipOutlined />{' '}
          <a
            href={fileDownloadPath(f.id)}
            onClick={(e) => {
              // The download needs the session's Authorization header: it goes through the request layer.
              if (!runtime) return;
              e.preventDefault();
              void runtime.dataProvider.downloadFile(f).catch(() => undefined);
            }}
          >
            {f.fileName}
          </a>
          {f.fileSize !== undefined ? (
            <span style={{ color: '#999', marginLeft: 8 }}>{sizeText(f.fileSize)}</span>
          ) : null}
          {runtime?.user && canPreview(f) ? (
            <Button
              type="link"
              size="small"
              className="runtime-file-preview"
              onClick={() => setPreviewing({ id: Number(f.id), fileName: f.fileName, fileSuffix: f.fileSuffix })}
            >
              预览
            </Button>
          ) : null}
        </li>
      ))}
      <FilePreview file={previewing} onClose={() => setPreviewing(null)} />
    </ul>
  );
}

import { PaperClipOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { canPreview, type PreviewTarget } from '../../../upload/previewable.js';
import { fileDownloadPath, type FileRefLike } from '../../data/dataProvider.js';
import { useOptionalRuntime } from '../../RuntimeContext.js';

// The preview (its dialog, player and viewer) loads when a file is first opened: the lists of files
// on the public pages (home's 相关下载) would otherwise bring it to every visitor.
const FilePreview = lazy(() => import('../../../upload/FilePreview.js').then((m) => ({ default: m.FilePreview })));

function sizeText(bytes: number | undefined): string {
  if (bytes === undefined || bytes === null || Number.isNaN(bytes)) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Read-only list of stored files (FileRef) with download links, 预览 for the files the browser can
 * show (directly or converted), so a reader need not download them, and 下载 beside it for a
 * signed-in reader (the name is a link too, which nobody took for one).
 */
export function FileList({ value }: { value?: FileRefLike[] | null }) {
  const runtime = useOptionalRuntime();
  const [previewing, setPreviewing] = useState<PreviewTarget | null>(null);
  // Once opened it stays mounted, so it can animate closed.
  const [opened, setOpened] = useState(false);
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
            <span style={{ color: '#666', marginLeft: 8 }}>{sizeText(f.fileSize)}</span>
          ) : null}
          {runtime?.user && canPreview(f) ? (
            <Button
              type="link"
              size="small"
              className="runtime-file-preview"
              onClick={() => {
                setOpened(true);
                setPreviewing({ id: Number(f.id), fileName: f.fileName, fileSuffix: f.fileSuffix });
              }}
            >
              预览
            </Button>
          ) : null}
          {runtime?.user ? (
            // Said in words beside 预览: the original as uploaded, not the preview's converted copy.
            <Button
              type="link"
              size="small"
              className="runtime-file-download"
              onClick={() => void runtime.dataProvider.downloadFile(f).catch(() => undefined)}
            >
              下载
            </Button>
          ) : null}
        </li>
      ))}
      {opened ? (
        <Suspense fallback={null}>
          <FilePreview file={previewing} onClose={() => setPreviewing(null)} />
        </Suspense>
      ) : null}
    </ul>
  );
}

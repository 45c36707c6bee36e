/**
 * Preview of a stored file (SPEC §8, §9): pictures in an 800x600 box (图片加载超时 after 30 s),
 * PDFs in the browser's viewer, videos in a player (视频加载失败 when it cannot play); anything
 * else 暂不支持该文件预览！. The bytes come from a short-lived signed link the server hands out.
 */
import { Spin } from 'antd';
import { Dialog } from '../feedback/Dialog.js';
import { useEffect, useState } from 'react';
import { http } from '../api/http.js';
import { notify } from '../api/notifier.js';
import { UPLOAD_MESSAGES, type PreviewKind } from '../../shared/fileTypes.js';
import { canPreview, type PreviewTarget } from './previewable.js';

export const IMAGE_TIMEOUT_MS = 30_000;
export const IMAGE_BOX = { width: 800, height: 600 } as const;

export { canPreview, type PreviewTarget } from './previewable.js';

interface PreviewInfo {
  kind: PreviewKind;
  previewUrl: string | null;
  fileName: string;
  downloadUrl?: string;
  /** Files shown converted: where the conversion stands (done, or why there is nothing to show yet). */
  conversion?: { state: string; message: string; reason?: string };
}

/** How often an open preview asks again while its file is being converted. */
export const CONVERSION_POLL_MS = 2000;

function converting(info: PreviewInfo): boolean {
  const state = info.conversion?.state;
  return !info.previewUrl && (state === 'queued' || state === 'running' || state === 'retrying');
}

/** 转换中 with its state, or why it failed, with the download instead. */
function ConversionNotice({ info }: { info: PreviewInfo }) {
  const c = info.conversion!;
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      {c.state === 'queued' || c.state === 'running' || c.state === 'retrying' ? (
        <Spin style={{ marginBottom: 16 }} />
      ) : null}
      <div className="upload-preview-conversion">
        {c.message}
        {c.reason ? `：${c.reason}` : ''}
      </div>
      {info.downloadUrl ? (
        <a href={info.downloadUrl} style={{ display: 'inline-block', marginTop: 16 }}>
          下载文件
        </a>
      ) : null}
    </div>
  );
}

function ImagePreview({ src, alt, timeoutMs }: { src: string; alt: string; timeoutMs: number }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'timeout'>('loading');
  useEffect(() => {
    setState('loading');
    const timer = setTimeout(() => setState((s) => (s === 'loading' ? 'timeout' : s)), timeoutMs);
    return () => clearTimeout(timer);
  }, [src, timeoutMs]);
  return (
    <div
      style={{
        width: IMAGE_BOX.width,
        maxWidth: '100%',
        height: IMAGE_BOX.height,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: '#fafafa',
      }}
    >
      {state === 'timeout' ? (
        <span className="upload-preview-error">{UPLOAD_MESSAGES.imageTimeout}</span>
      ) : (
        <>
          {state === 'loading' ? <Spin /> : null}
          <img
            src={src}
            alt={alt}
            onLoad={() => setState('loaded')}
            onError={() => setState('timeout')}
            style={{
              maxWidth: '100%',
              maxHeight: '100%',
              objectFit: 'contain',
              display: state === 'loaded' ? 'block' : 'none',
            }}
          />
        </>
      )}
    </div>
  );
}

function VideoPreview({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [src]);
  if (failed)
    return (
      <div className="upload-preview-error" style={{ padding: 48, textAlign: 'center' }}>
        {UPLOAD_MESSAGES.videoFailed}
      </div>
    );
  return (
    <video
      src={src}
      controls
      style={{ width: '100%', maxHeight: '70vh', background: '#000' }}
      onError={() => setFailed(true)}
    />
  );
}

export function FilePreview({
  file,
  onClose,
  imageTimeoutMs = IMAGE_TIMEOUT_MS,
}: {
  file: PreviewTarget | null;
  onClose: () => void;
  imageTimeoutMs?: number;
}) {
  const [info, setInfo] = useState<PreviewInfo | null>(null);

  useEffect(() => {
    setInfo(null);
    if (!file) return;
    if (!canPreview(file)) {
      notify.warning(UPLOAD_MESSAGES.noPreview);
      onClose();
      return;
    }
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // While the file is being converted the dialog asks again, and shows it once it is ready.
    const load = () =>
      http.post<PreviewInfo>(`file/preview/${file.id}`, {}, { silent: true }).then(
        (answer) => {
          if (!live) return;
          setInfo(answer);
          if (converting(answer)) timer = setTimeout(load, CONVERSION_POLL_MS);
        },
        (e: Error) => {
          if (!live) return;
          notify.warning(e.message || UPLOAD_MESSAGES.noPreview);
          onClose();
        },
      );
    void load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // onClose is the caller's; a new function each render must not restart the preview.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [file?.id]);

  if (!file) return null;
  const wide = info?.kind === 'pdf' || info?.kind === 'video';
  return (
    <Dialog
      open
      title={file.fileName}
      footer={null}
      width={wide ? 1000 : IMAGE_BOX.width + 48}
      onCancel={onClose}
      destroyOnHidden
      className="upload-preview"
    >
      {!info ? (
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin />
        </div>
      ) : !info.previewUrl ? (
        <ConversionNotice info={info} />
      ) : info.kind === 'image' ? (
        <ImagePreview src={info.previewUrl} alt={file.fileName} timeoutMs={imageTimeoutMs} />
      ) : info.kind === 'pdf' ? (
        <iframe src={info.previewUrl} title={file.fileName} style={{ width: '100%', height: '75vh', border: 0 }} />
      ) : info.kind === 'audio' ? (
        <audio src={info.previewUrl} controls preload="metadata" style={{ width: '100%' }} />
      ) : (
        <VideoPreview src={info.previewUrl} />
      )}
    </Dialog>
  );
}

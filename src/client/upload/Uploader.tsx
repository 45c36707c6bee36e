/**
 * The hand-written uploader (SPEC §3, §5, §9): pick files, watch each one hashed, uploaded in chunks
 * and saved, preview or download the finished ones, retry one that failed on the network. Its value
 * is the field's list of FileRefs; files in flight are not part of it (and hold other calls back).
 */
import {
  CheckCircleFilled,
  CloseCircleFilled,
  DeleteOutlined,
  LoadingOutlined,
  PaperClipOutlined,
  ReloadOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Button, Progress, Tooltip } from 'antd';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { notify } from '../api/notifier.js';
import { uploadGate } from '../api/uploadGate.js';
import { FILE_TYPE_SETS, UPLOAD_DEFAULTS } from '../../shared/fileTypes.js';
import type { FileTypeSet } from '../../shared/schema/types.js';
import { FilePreview, canPreview, type PreviewTarget } from './FilePreview.js';
import { downloadStoredFile, sizeText } from './fileActions.js';
import { computeMd5 } from './md5.js';
import { UploadModel } from './uploadModel.js';
import type { FileRefValue, UploadDeps, UploadItem } from './uploadTypes.js';
import { httpTransport } from './uploadTransport.js';

export interface UploaderProps {
  value?: FileRefValue[] | null;
  onChange?: (value: FileRefValue[]) => void;
  /** "entity.field" whose rules the server applies (set by the runtime). */
  belongType: string;
  belongId?: number | string | null;
  /** A type set of SPEC §5 by name, or a list of extensions. Default: general. */
  accept?: FileTypeSet | readonly string[];
  /** Default 5; -1 unlimited. */
  maxCount?: number;
  /** Megabytes, default 10; -1 unlimited. */
  maxSize?: number;
  chunkSize?: number;
  largeFileThreshold?: number;
  timeoutMs?: number;
  disabled?: boolean;
  readOnly?: boolean;
  /** Replaces parts of the machinery (tests). */
  deps?: Partial<UploadDeps>;
}

export function acceptList(accept: UploaderProps['accept']): readonly string[] {
  if (Array.isArray(accept)) return accept.map((e) => String(e).replace(/^\./, '').toLowerCase());
  return FILE_TYPE_SETS[(accept as FileTypeSet) ?? 'general'] ?? FILE_TYPE_SETS.general;
}

function statusText(item: UploadItem): string {
  switch (item.status) {
    case 'init':
      return '准备中';
    case 'queued':
      return '等待上传';
    case 'progress':
      if (item.phase === 'md5') return `校验中 ${item.md5Percentage ?? 0}%`;
      if (item.phase === 'save') return '保存中';
      return `上传中 ${item.percentage}%`;
    case 'complete':
      return item.instant ? '秒传成功' : '上传成功';
    case 'error':
      return item.error ?? '上传失败';
  }
}

function StatusIcon({ item }: { item: UploadItem }) {
  if (item.status === 'complete') return <CheckCircleFilled style={{ color: '#52c41a' }} />;
  if (item.status === 'error') return <CloseCircleFilled style={{ color: '#ff4d4f' }} />;
  if (item.status === 'progress') return <LoadingOutlined />;
  return <PaperClipOutlined />;
}

export function Uploader(props: UploaderProps) {
  const accept = useMemo(() => acceptList(props.accept), [props.accept]);
  const settings = UploadModel.defaults({
    belongType: props.belongType,
    belongId: props.belongId,
    accept,
    maxCount: props.maxCount ?? UPLOAD_DEFAULTS.maxCount,
    maxSize: props.maxSize ?? UPLOAD_DEFAULTS.maxSize,
    chunkSize: props.chunkSize ?? UPLOAD_DEFAULTS.chunkSize,
    largeFileThreshold: props.largeFileThreshold ?? UPLOAD_DEFAULTS.largeFileThreshold,
    timeoutMs: props.timeoutMs ?? UPLOAD_DEFAULTS.timeoutMs,
  });
  const modelRef = useRef<UploadModel | null>(null);
  if (!modelRef.current) {
    modelRef.current = new UploadModel(
      settings,
      {
        transport: props.deps?.transport ?? httpTransport(),
        md5: props.deps?.md5 ?? ((file, o) => computeMd5(file, o)),
        gate: props.deps?.gate ?? uploadGate,
        notify: props.deps?.notify ?? notify,
      },
      props.value ?? [],
    );
  }
  const model = modelRef.current;
  model.configure(settings);
  const items = useSyncExternalStore(
    (l) => model.subscribe(l),
    () => model.items(),
  );
  const inputRef = useRef<HTMLInputElement>(null);
  const [previewing, setPreviewing] = useState<PreviewTarget | null>(null);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  const lastSent = useRef(JSON.stringify((props.value ?? []).map((f) => f.id)));

  // The form's value follows the finished files...
  useEffect(
    () =>
      model.subscribe(() => {
        const value = model.value();
        const key = JSON.stringify(value.map((f) => f.id));
        if (key === lastSent.current) return;
        lastSent.current = key;
        onChange.current?.(value);
      }),
    [model],
  );
  // ...and a value set from outside (a record loaded for editing) shows in the list.
  useEffect(() => {
    const key = JSON.stringify((props.value ?? []).map((f) => f.id));
    if (key === lastSent.current) return;
    lastSent.current = key;
    model.setValue(props.value ?? []);
  }, [props.value, model]);
  useEffect(() => {
    model.activate();
    return () => model.dispose();
  }, [model]);

  const locked = props.disabled || props.readOnly;
  const full = settings.maxCount >= 0 && items.length >= settings.maxCount;
  const limits = [
    `支持格式：${accept.join('、')}`,
    settings.maxSize >= 0 ? `单个文件不超过${settings.maxSize}MB` : null,
    settings.maxCount >= 0 ? `最多${settings.maxCount}个文件` : null,
  ]
    .filter(Boolean)
    .join('；');

  return (
    <div className="portal-uploader">
      {!locked ? (
        <>
          <input
            ref={inputRef}
            type="file"
            multiple={settings.maxCount !== 1}
            accept={accept.map((e) => `.${e}`).join(',')}
            style={{ display: 'none' }}
            data-testid="upload-input"
            onChange={(e) => {
              const files = Array.from(e.target.files ?? []);
              // The same file may be picked again after a removal.
              e.target.value = '';
              if (files.length) model.add(files);
            }}
          />
          <Button icon={<UploadOutlined />} disabled={full} onClick={() => inputRef.current?.click()}>
            上传文件
          </Button>
          <div className="portal-uploader-hint" style={{ color: '#666', fontSize: 12, marginTop: 4 }}>
            {limits}
          </div>
        </>
      ) : null}
      <ul className="portal-uploader-list" style={{ listStyle: 'none', margin: '8px 0 0', padding: 0 }}>
        {items.map((item) => (
          <li
            key={item.uid}
            data-status={item.status}
            className={`portal-upload-item portal-upload-${item.status}`}
            style={{ marginBottom: 6 }}
          >
            <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              <StatusIcon item={item} />
              <span
                className="portal-upload-name"
                style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                title={item.fileName}
              >
                {item.fileName}
              </span>
              <span style={{ color: '#666' }}>{sizeText(item.fileSize)}</span>
              <span className="portal-upload-status" style={{ color: item.status === 'error' ? '#ff4d4f' : '#666' }}>
                {statusText(item)}
              </span>
              {item.status === 'complete' && item.id !== undefined && canPreview(item) ? (
                <a
                  onClick={() => setPreviewing({ id: item.id!, fileName: item.fileName, fileSuffix: item.fileSuffix })}
                >
                  预览
                </a>
              ) : null}
              {item.status === 'complete' && item.id !== undefined ? (
                <a
                  onClick={() =>
                    void downloadStoredFile({ id: item.id!, fileName: item.fileName }).catch(() => undefined)
                  }
                >
                  下载
                </a>
              ) : null}
              {item.status === 'error' && !locked ? (
                <Tooltip title="重新上传">
                  <Button size="small" type="link" icon={<ReloadOutlined />} onClick={() => model.retry(item.uid)}>
                    重试
                  </Button>
                </Tooltip>
              ) : null}
              {!locked ? (
                <Tooltip title="删除">
                  <Button
                    size="small"
                    type="text"
                    aria-label="删除"
                    icon={<DeleteOutlined />}
                    onClick={() => model.remove(item.uid)}
                  />
                </Tooltip>
              ) : null}
            </div>
            {item.status === 'progress' ? (
              <Progress
                size="small"
                percent={item.phase === 'md5' ? (item.md5Percentage ?? 0) : item.percentage}
                status="active"
                strokeColor={item.phase === 'md5' ? '#faad14' : undefined}
              />
            ) : null}
          </li>
        ))}
      </ul>
      <FilePreview file={previewing} onClose={() => setPreviewing(null)} />
    </div>
  );
}

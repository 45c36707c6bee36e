/**
 * File type sets, limits and messages of the uploader (SPEC §5, §8, §9), read by the browser's
 * uploader and by the server's file service, so both refuse the same files with the same words.
 */
import type { FieldDef, FileTypeSet } from './schema/types.js';

const OFFICE = ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'];
const IMAGES = ['jpg', 'jpeg', 'png', 'gif', 'bmp'];
const GENERAL = ['txt', ...OFFICE, 'pdf', ...IMAGES, 'mp4', 'flv', 'avi', 'rmvb', 'wmv', 'mp3', 'wma', 'wav'];

export const FILE_TYPE_SETS: Record<FileTypeSet, readonly string[]> = {
  general: GENERAL,
  generalArchive: [...GENERAL, 'zip', '7z', 'rar'],
  image: IMAGES,
  word: ['doc', 'docx'],
  docx: ['docx'],
  excel: ['xls', 'xlsx'],
  pdf: ['pdf'],
  docImage: ['txt', ...OFFICE, 'pdf', 'bmp', 'jpg', 'jpeg', 'png', 'gif'],
};

export const UPLOAD_DEFAULTS = {
  maxCount: 5,
  /** Megabytes; -1 means unlimited. */
  maxSize: 10,
  chunkSize: 1073741824,
  largeFileThreshold: 1073741824,
  timeoutMs: 1800000,
} as const;

export const UPLOAD_MESSAGES = {
  duplicate: '不允许上传重复文件！',
  wrongType: '上传文件不符合格式要求，请重新上传',
  tooMany: '超出允许上传文件数量',
  network: '网络异常，请重新上传',
  waitUpload: '请等待文件上传完成！',
  removeFailed: '请删除上传失败文件！',
  noPreview: '暂不支持该文件预览！',
  imageTimeout: '图片加载超时，请检查网络连接',
  videoFailed: '视频加载失败，请检查视频文件或网络连接',
  missing: '下载地址不存在',
  /** The record is there and may be read, but the storage no longer holds its bytes. */
  bytesMissing: '文件内容已丢失，请重新上传该文件或联系管理员',
  /** The storage did not answer (S3 unreachable, folder unreadable): nothing is known to be lost. */
  storageDown: '文件存储暂时无法访问，请稍后重试',
  incomplete: '文件分片不完整，请重新上传',
  md5Mismatch: '文件校验失败，请重新上传',
  chunkTooLarge: '分片大小超过服务器允许的上限，请刷新页面后重新上传',
} as const;

/** SPEC §5 leaves the size message open; this one names the limit. */
export function tooLargeMessage(maxSizeMb: number): string {
  return `上传文件大小不能超过${maxSizeMb}MB`;
}

export type PreviewKind = 'image' | 'pdf' | 'video' | 'audio';

/** What a converted file becomes: a PDF, an H.264/AAC mp4, an AAC audio file. */
export type ConversionTarget = 'pdf' | 'video' | 'audio';

/**
 * SPEC §9: files converted on upload, and into what. Browsers cannot show office documents, and
 * play few of these containers and codecs; the preview serves the converted file instead.
 */
export const CONVERTIBLE: Record<string, ConversionTarget> = {
  txt: 'pdf',
  doc: 'pdf',
  docx: 'pdf',
  xls: 'pdf',
  xlsx: 'pdf',
  ppt: 'pdf',
  pptx: 'pdf',
  flv: 'video',
  avi: 'video',
  rmvb: 'video',
  wmv: 'video',
  mp3: 'audio',
  wma: 'audio',
  wav: 'audio',
};

export const CONVERSION_MESSAGES = {
  queued: '转换中：排队等待',
  running: '转换中：正在转换',
  retrying: '转换中：上次转换未成功，稍后重试',
  failed: '文件转换失败',
  unavailable: '服务器暂未开启文件转换，无法在线预览，请下载查看',
} as const;

/** SPEC §9: what the browser can show. */
export const PREVIEWABLE: Record<string, PreviewKind> = {
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  bmp: 'image',
  pdf: 'pdf',
  mp4: 'video',
  avi: 'video',
  mov: 'video',
  wmv: 'video',
  flv: 'video',
  webm: 'video',
};

/** Lower-case extension without the dot ('' when none). */
export function extOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : '';
}

export interface FileRules {
  accept: readonly string[];
  /** -1: unlimited. */
  maxCount: number;
  /** Bytes; -1: unlimited. */
  maxBytes: number;
  /** Megabytes as written in the schema; -1: unlimited. */
  maxSizeMb: number;
}

/** The rules of a `files` field (defaults: general set, 5 files, 10 MB). */
/**
 * Pictures placed in a rich-text field: uploaded through the file service against the rich-text
 * field itself ("announcement.content"), raster images only, as many as the text needs.
 */
export const RICH_TEXT_IMAGES: Pick<FieldDef, 'accept' | 'maxCount' | 'maxSize'> = {
  accept: 'image',
  maxCount: -1,
  maxSize: 5,
};

/** Where a rich-text picture is served: by its content's md5, so the address is stable and says nothing guessable. */
export function richTextImageUrl(md5: string): string {
  return `/api/file/image/${md5}`;
}

export function fileRulesOf(field?: Pick<FieldDef, 'accept' | 'maxCount' | 'maxSize'>): FileRules {
  const accept = FILE_TYPE_SETS[field?.accept ?? 'general'] ?? FILE_TYPE_SETS.general;
  const maxCount = field?.maxCount ?? UPLOAD_DEFAULTS.maxCount;
  const maxSizeMb = field?.maxSize ?? UPLOAD_DEFAULTS.maxSize;
  return { accept, maxCount, maxSizeMb, maxBytes: maxSizeMb < 0 ? -1 : Math.round(maxSizeMb * 1024 * 1024) };
}

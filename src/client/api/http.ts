/**
 * The one request layer of the browser (umi-request). Every call the app makes goes through here:
 * subAct on every call, the Authorization token, the CSRF header, trimmed strings, the envelope,
 * the HTTP messages of SPEC §8, the 60 s time-out (shown as 504), the global loading indicator
 * and the upload gate.
 *
 *   http.post<T>(path, body?, options?)  → resolves with envelope.data, rejects with ApiError
 *   http.get<T>(path, params?, options?)
 *   http.download(path, options?)        → saves the answered file (name from content-disposition)
 *
 * `path` is relative to the root ('sys/login', 'resource/announcement/list').
 */
import { extend, type ResponseError } from 'umi-request';
import { ApiError } from './ApiError.js';
import { failureWithoutAnswer, readAnswer } from './envelope.js';
import { refusalText } from '../../shared/fieldErrors.js';
import { REQUEST_TIMEOUT_MS } from './httpMessages.js';
import { loading } from './loading.js';
import { takeEmbedded } from './embeddedAnswers.js';
import { notify } from './notifier.js';
import { isQuietEndpoint } from './quietEndpoints.js';
import { buildHeaders, fileNameFromDisposition, trimStrings, urlOf, withSubAct, type ApiRoot } from './requestParts.js';
import { session } from './session.js';
import { uploadGate } from './uploadGate.js';

export { ApiError, isApiError } from './ApiError.js';
export type { ApiRoot } from './requestParts.js';

export interface CallOptions {
  /** Send the body as application/x-www-form-urlencoded (the spec's "form" calls). */
  form?: boolean;
  /** No loading indicator and no error message: the caller shows its own. */
  silent?: boolean;
  /** 'api' (default), 'sso' or 'fileserver'. */
  root?: ApiRoot;
  /** Query parameters (e.g. dic/getDicListByType?type=). */
  params?: Record<string, unknown>;
  /** Answer the parsed body as it is, without reading an envelope (single sign-on answers). */
  raw?: boolean;
  /** Force the loading indicator on or off (default: on unless silent or a quiet endpoint). */
  loading?: boolean;
  /** false: not held by the upload gate (the uploader's own calls). */
  gate?: boolean;
  /** Time-out in ms (default 60 s). */
  timeout?: number;
}

export interface DownloadOptions extends Omit<CallOptions, 'raw' | 'form'> {
  method?: 'GET' | 'POST';
  /** Body of a POST download. */
  body?: unknown;
  /** Used when the answer names no file. */
  fileName?: string;
}

export const DOWNLOAD_NOT_FOUND = '下载地址不存在';

const client = extend({ timeout: REQUEST_TIMEOUT_MS, credentials: 'same-origin' });

/** Calls of the uploader itself pass the upload gate. */
function isUploadCall(path: string, root: ApiRoot): boolean {
  return root === 'fileserver' || /^\/?file\//.test(path);
}

function passGate(path: string, options: CallOptions): void {
  if (options.gate === false || isUploadCall(path, options.root ?? 'api')) return;
  const blocked = uploadGate.blockMessage();
  if (!blocked) return;
  notify.warning(blocked, 'upload-gate');
  throw new ApiError(blocked, 'uploadGate');
}

function isTimeout(e: unknown): boolean {
  return !!e && typeof e === 'object' && (e as { type?: string }).type === 'Timeout';
}

function answerOf(e: unknown): { status: number; statusText: string; data: unknown } | null {
  const r = (e as ResponseError | undefined)?.response;
  if (r && typeof r.status === 'number')
    return { status: r.status, statusText: r.statusText, data: (e as ResponseError).data };
  return null;
}

/** Turns whatever umi-request threw into an ApiError. */
function toApiError(e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  const answer = answerOf(e);
  if (answer) {
    try {
      readAnswer(answer.status, answer.data, answer.statusText);
    } catch (err) {
      if (err instanceof ApiError) return err;
    }
  }
  return failureWithoutAnswer(isTimeout(e));
}

/**
 * Side effects of a failure: not logged in starts the login flow; others show their message.
 * `sentWith` is the session token the call went out with: a call of a session that has ended or
 * been replaced since (signed out, signed in again, or told already by another call) answers for
 * that session, not this one, and neither clears the new one nor opens the login dialog again over
 * whatever the person is doing in it.
 */
function report(error: ApiError, options: CallOptions, sentWith: string | null): void {
  if (error.kind === 'notLoggedIn') {
    if (sentWith !== session.token()) return;
    session.clear();
    session.requestLogin({ reason: 'notLoggedIn', message: error.message });
    if (!options.silent) notify.error(error.message, 'not-logged-in');
    return;
  }
  // A refusal naming its fields says what they are, not only 参数不合法 (a dialog or a call with no form to show them on).
  if (!options.silent && error.kind !== 'uploadGate') notify.error(refusalText(error.message, error.data));
}

function prepare(method: 'GET' | 'POST', path: string, body: unknown, options: CallOptions) {
  const root = options.root ?? 'api';
  let data: unknown;
  let params: Record<string, unknown>;
  if (root === 'fileserver') {
    // The file server has its own call shapes and takes no subAct.
    data = trimStrings(body);
    params = trimStrings({ ...(options.params ?? {}) });
  } else if (method === 'GET') {
    params = { subAct: session.subAct(), ...trimStrings({ ...(options.params ?? {}) }) };
  } else {
    ({ body: data, params } = withSubAct(body, options.params, session.subAct()));
  }
  const useLoading = options.loading ?? (!options.silent && !isQuietEndpoint(path));
  return {
    url: urlOf(path, root),
    init: {
      method,
      data: method === 'POST' ? data : undefined,
      params,
      requestType: options.form ? ('form' as const) : ('json' as const),
      headers: buildHeaders(session.token(), session.csrfToken()),
      timeout: options.timeout ?? REQUEST_TIMEOUT_MS,
      getResponse: true as const,
    },
    useLoading,
  };
}

/** A call's path with its query, as the server writes the answers it embeds (a dictionary is told apart by its type). */
export function withQuery(path: string, params: Record<string, unknown> | undefined): string {
  if (!params) return path;
  return `${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;
}

async function call<T>(method: 'GET' | 'POST', path: string, body: unknown, options: CallOptions = {}): Promise<T> {
  // What a server-drawn public page already holds is not asked for again.
  if (method === 'POST' && !options.raw && (options.root ?? 'api') === 'api') {
    const embedded = takeEmbedded<T>(withQuery(path, options.params), body);
    if (embedded !== undefined) return embedded;
  }
  passGate(path, options);
  const sentWith = session.token();
  const { url, init, useLoading } = prepare(method, path, body, options);
  if (useLoading) loading.start();
  try {
    const { data, response } = await client(url, init);
    return options.raw ? (data as T) : readAnswer<T>(response.status, data, response.statusText);
  } catch (e) {
    const error = toApiError(e);
    report(error, options, sentWith);
    throw error;
  } finally {
    if (useLoading) loading.stop();
  }
}

async function blobText(blob: unknown): Promise<unknown> {
  if (!blob || typeof (blob as Blob).text !== 'function') return blob;
  const text = await (blob as Blob).text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

async function download(path: string, options: DownloadOptions = {}): Promise<{ fileName: string; size: number }> {
  const method = options.method ?? 'GET';
  passGate(path, options);
  const sentWith = session.token();
  const { url, init, useLoading } = prepare(method, path, options.body, options);
  if (useLoading) loading.start();
  try {
    let response: Response;
    let data: unknown;
    try {
      ({ data, response } = await client(url, { ...init, responseType: 'blob' }));
    } catch (e) {
      const answer = answerOf(e);
      if (answer?.status === 404) throw new ApiError(DOWNLOAD_NOT_FOUND, 'http', 404, 404);
      if (answer) readAnswer(answer.status, await blobText(answer.data), answer.statusText);
      throw e;
    }
    // A JSON answer to a download is an envelope: an error (or, oddly, no file).
    if ((response.headers.get('content-type') ?? '').includes('application/json')) {
      readAnswer(response.status, await blobText(data));
      throw new ApiError(DOWNLOAD_NOT_FOUND, 'http', 404, response.status);
    }
    const blob = data as Blob;
    const fileName =
      fileNameFromDisposition(response.headers.get('content-disposition')) ?? options.fileName ?? 'download';
    saveBlob(blob, fileName);
    return { fileName, size: blob.size };
  } catch (e) {
    const error = toApiError(e);
    report(error, options, sentWith);
    throw error;
  } finally {
    if (useLoading) loading.stop();
  }
}

export const http = {
  post: <T = unknown>(path: string, body?: unknown, options?: CallOptions): Promise<T> =>
    call<T>('POST', path, body, options),
  get: <T = unknown>(path: string, params?: Record<string, unknown>, options?: CallOptions): Promise<T> =>
    call<T>('GET', path, undefined, { ...options, params: { ...(options?.params ?? {}), ...(params ?? {}) } }),
  /**
   * A public read by GET, which a browser may keep and revalidate by its ETag: the body's values as
   * query parameters (lists and objects as JSON). What the page's HTML holds is taken first.
   */
  read: <T = unknown>(path: string, body: Record<string, unknown>, options?: CallOptions): Promise<T> => {
    const embedded = takeEmbedded<T>(path, body);
    if (embedded !== undefined) return Promise.resolve(embedded);
    const params: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(body))
      if (v !== undefined && v !== null) params[k] = typeof v === 'object' ? JSON.stringify(v) : v;
    return call<T>('GET', path, undefined, { ...options, params: { ...(options?.params ?? {}), ...params } });
  },
  download,
};

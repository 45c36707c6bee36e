/**
 * The uploader's calls (SPEC §7): file/* through the request layer, the file server's JSON calls
 * through it too when it is this origin, and chunk bytes by XMLHttpRequest (for upload progress)
 * with the same Authorization and CSRF headers.
 */
import { http, ApiError } from '../api/http.js';
import { readAnswer } from '../api/envelope.js';
import { buildHeaders } from '../api/requestParts.js';
import { session } from '../api/session.js';
import { UPLOAD_MESSAGES, type PreviewKind } from '../../shared/fileTypes.js';

export interface StorageTokens {
  md5: string;
  md5Token: string;
  uploadToken: string;
  prepareToken: string;
  fileServerUrl: string;
}

export interface UploadedFile {
  id: number;
  fileName: string;
  fileSize: number;
  fileSuffix: string;
  md5: string;
  contextId: string;
  previewKind: PreviewKind | null;
  previewUrl: string | null;
  downloadUrl: string;
}

export interface UploadTransport {
  /** The server's largest chunk (UPLOAD_CHUNK_MB); the uploader cuts no bigger. */
  uploadSettings(): Promise<{ chunkSize: number }>;
  checkMd5(md5: string): Promise<{ contextId: string | null }>;
  storageTokens(input: {
    fileExt: string;
    chunks: number;
    md5: string;
    fileSize: number;
    belongType: string;
  }): Promise<StorageTokens>;
  prepare(
    fileServerUrl: string,
    input: { token: string; chunkSize: number; md5: string },
  ): Promise<{ contextId: string; chunks: number[] }>;
  chunkTokens(input: {
    fileExt: string;
    chunks: number;
    md5: string;
    contextId: string;
  }): Promise<{ chunkToken: string; completeToken: string }>;
  getchunks(
    fileServerUrl: string,
    input: { token: string; contextId: string },
  ): Promise<{ chunks: number[]; complete: boolean }>;
  uploadChunk(
    fileServerUrl: string,
    input: {
      token: string;
      contextId: string;
      index: number;
      chunk: Blob;
      chunkMd5?: string;
      timeoutMs: number;
      onProgress?: (loaded: number) => void;
      signal?: AbortSignal;
    },
  ): Promise<void>;
  complete(
    fileServerUrl: string,
    input: { token: string; contextId: string; timeoutMs: number },
  ): Promise<{ md5: string; fileSize: number }>;
  uploadFile(input: {
    belongType: string;
    belongId?: number | string | null;
    contextId: string;
    originalFileName: string;
  }): Promise<UploadedFile>;
}

/** No answer, a time-out, or a gateway that gave up: worth a retry that resumes. */
export function isNetworkFailure(e: unknown): boolean {
  return (
    e instanceof ApiError &&
    (e.kind === 'network' || e.kind === 'timeout' || (e.kind === 'http' && [0, 502, 503, 504].includes(e.status ?? 0)))
  );
}

export function networkError(): ApiError {
  return new ApiError(UPLOAD_MESSAGES.network, 'network', undefined, 0);
}

const SAME_ORIGIN_FILESERVER = /^\/fileserver\//;

/** JSON call to the file server: the request layer when it is ours, else fetch with the same headers. */
async function fileServerCall<T>(fileServerUrl: string, op: string, body: unknown, timeoutMs?: number): Promise<T> {
  if (SAME_ORIGIN_FILESERVER.test(fileServerUrl)) {
    const path = `${fileServerUrl.replace(SAME_ORIGIN_FILESERVER, '')}/${op}`;
    return http.post<T>(path, body, {
      root: 'fileserver',
      silent: true,
      gate: false,
      loading: false,
      timeout: timeoutMs,
    });
  }
  let res: Response;
  try {
    res = await fetch(`${fileServerUrl}/${op}`, {
      method: 'POST',
      headers: { ...buildHeaders(session.token(), session.csrfToken()), 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined,
    });
  } catch {
    throw networkError();
  }
  let data: unknown = null;
  try {
    data = await res.json();
  } catch {
    /* not JSON: readAnswer reports the status */
  }
  return readAnswer<T>(res.status, data, res.statusText);
}

function xhrUpload(url: string, input: Parameters<UploadTransport['uploadChunk']>[1]): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [k, v] of Object.entries(buildHeaders(session.token(), session.csrfToken()))) xhr.setRequestHeader(k, v);
    xhr.setRequestHeader('x-upload-token', input.token);
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.timeout = input.timeoutMs;
    xhr.upload.onprogress = (e) => input.onProgress?.(e.loaded);
    const onAbort = () => xhr.abort();
    input.signal?.addEventListener('abort', onAbort);
    const done = () => input.signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      let data: unknown = null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        /* readAnswer reports the status */
      }
      try {
        readAnswer(xhr.status, data, xhr.statusText);
        resolve();
      } catch (e) {
        if (e instanceof ApiError && e.kind === 'notLoggedIn') {
          session.clear();
          session.requestLogin({ reason: 'notLoggedIn', message: e.message });
        }
        reject(e);
      }
    };
    xhr.onerror = () => {
      done();
      reject(networkError());
    };
    xhr.ontimeout = () => {
      done();
      reject(networkError());
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('aborted', 'AbortError'));
    };
    xhr.send(input.chunk);
  });
}

const apiOptions = { silent: true, form: true, loading: false } as const;

/** Asked once per page; a failure is asked again by the next upload. */
let settings: Promise<{ chunkSize: number }> | null = null;

export function httpTransport(): UploadTransport {
  return {
    uploadSettings: () => {
      settings ??= http.get<{ chunkSize: number }>('file/uploadSettings', undefined, { silent: true, loading: false });
      settings.catch(() => {
        settings = null;
      });
      return settings;
    },
    checkMd5: (md5) => http.post('file/checkMd5', { md5 }, apiOptions),
    storageTokens: (input) => http.post('file/getCyStorageToken', input, apiOptions),
    prepare: (url, input) => fileServerCall(url, 'prepare', input),
    chunkTokens: (input) => http.post('file/getTokenByChunks', input, apiOptions),
    getchunks: (url, input) => fileServerCall(url, 'getchunks', input),
    uploadChunk: (url, input) => {
      const query = new URLSearchParams({
        contextId: input.contextId,
        index: String(input.index),
        ...(input.chunkMd5 ? { chunkMd5: input.chunkMd5 } : {}),
      });
      return xhrUpload(`${url}/upload?${query}`, input);
    },
    complete: (url, input) =>
      fileServerCall(url, 'complete', { token: input.token, contextId: input.contextId }, input.timeoutMs),
    uploadFile: (input) => http.post('file/uploadFile', { ...input, belongId: input.belongId ?? '' }, apiOptions),
  };
}

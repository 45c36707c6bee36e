import type { UploadTransport } from './uploadTransport.js';

/** For tests: a file server in memory with the real one's rules: sessions by md5, stored chunks, instant upload for known md5s. */
export function memoryFileServer() {
  const known = new Map<string, string>(); // md5 → contextId
  const sessions = new Map<string, { md5: string; chunks: number; stored: Map<number, number> }>();
  const calls: string[] = [];
  let nextId = 1;
  const failures: ((op: string, index?: number) => Error | null)[] = [];
  const fail = (op: string, index?: number) => {
    for (const f of failures) {
      const e = f(op, index);
      if (e) return e;
    }
    return null;
  };
  const limits = { chunkSize: 1073741824 };
  const transport: UploadTransport = {
    async uploadSettings() {
      return { ...limits };
    },
    async checkMd5(m) {
      calls.push('checkMd5');
      return { contextId: known.get(m) ?? null };
    },
    async storageTokens({ md5: m }) {
      calls.push('storageTokens');
      return {
        md5: m,
        md5Token: `md5:${m}`,
        uploadToken: 'u',
        prepareToken: `p:${m}`,
        fileServerUrl: '/fileserver/v2',
      };
    },
    async prepare(_url, { md5: m, token }) {
      calls.push('prepare');
      if (token !== `p:${m}`) throw new Error('wrong prepare token');
      const open = [...sessions.entries()].find(([, s]) => s.md5 === m);
      if (open) return { contextId: open[0], chunks: [...open[1].stored.keys()] };
      const id = `ctx${sessions.size}`;
      sessions.set(id, { md5: m, chunks: 0, stored: new Map() });
      return { contextId: id, chunks: [] };
    },
    async chunkTokens({ contextId, chunks }) {
      calls.push('chunkTokens');
      sessions.get(contextId)!.chunks = chunks;
      return { chunkToken: 'c', completeToken: 'd' };
    },
    async getchunks(_url, { contextId }) {
      calls.push('getchunks');
      return { chunks: [...sessions.get(contextId)!.stored.keys()], complete: false };
    },
    async uploadChunk(_url, { contextId, index, chunk, onProgress }) {
      calls.push(`upload:${index}`);
      onProgress?.(chunk.size / 2);
      const e = fail('upload', index);
      if (e) throw e;
      sessions.get(contextId)!.stored.set(index, chunk.size);
    },
    async complete(_url, { contextId }) {
      calls.push('complete');
      const e = fail('complete');
      if (e) throw e;
      const s = sessions.get(contextId)!;
      if (s.stored.size !== s.chunks) throw new Error('chunks missing');
      known.set(s.md5, contextId);
      return { md5: s.md5, fileSize: 0 };
    },
    async uploadFile({ originalFileName, contextId }) {
      calls.push('uploadFile');
      const m =
        [...sessions.entries()].find(([id]) => id === contextId)?.[1].md5 ??
        [...known.entries()].find(([, c]) => c === contextId)![0];
      return {
        id: nextId++,
        fileName: originalFileName,
        fileSize: 1,
        fileSuffix: 'pdf',
        md5: m,
        contextId,
        previewKind: 'pdf',
        previewUrl: '/p',
        downloadUrl: '/d',
      };
    },
  };
  return { transport, calls, known, failures, limits };
}

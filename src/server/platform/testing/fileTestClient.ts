import crypto from 'node:crypto';
import type { TestApp } from './testApp.js';

type Headers = Record<string, string>;

export const md5Of = (data: Buffer) => crypto.createHash('md5').update(data).digest('hex');

/** For tests: the uploader's calls, through HTTP, one at a time, so each step can be checked or broken off. */
export function fileTestClient(t: TestApp, headers: Headers) {
  const post = async (url: string, body: unknown) => {
    const res = await t.post(url, body, headers);
    return res.body as { flag: boolean; data: any; result: string; code?: number };
  };
  const api = {
    checkMd5: (md5: string) => post('/api/file/checkMd5', { md5, subAct: 'a' }),
    storageTokens: (input: { fileExt: string; chunks: number; md5: string; fileSize?: number; belongType?: string }) =>
      post('/api/file/getCyStorageToken', { ...input, subAct: 'a' }),
    chunkTokens: (input: { fileExt: string; chunks: number; md5: string; contextId: string }) =>
      post('/api/file/getTokenByChunks', { ...input, subAct: 'a' }),
    prepare: (token: string, chunkSize: number, md5?: string) =>
      post('/fileserver/v2/prepare', { token, chunkSize, md5 }),
    getchunks: (token: string, contextId: string) => post('/fileserver/v2/getchunks', { token, contextId }),
    complete: (token: string, contextId: string) => post('/fileserver/v2/complete', { token, contextId }),
    async upload(token: string, contextId: string, index: number, bytes: Buffer, chunkMd5?: string) {
      const query = new URLSearchParams({ contextId, index: String(index), token, ...(chunkMd5 ? { chunkMd5 } : {}) });
      const res = await t.inject({
        method: 'POST',
        url: `/fileserver/v2/upload?${query}`,
        payload: bytes,
        headers: { ...headers, 'content-type': 'application/octet-stream' },
      });
      return res.json() as { flag: boolean; data: any; result: string; code?: number };
    },
    uploadFile: (input: {
      belongType: string;
      belongId?: number | string;
      contextId: string;
      originalFileName: string;
    }) => post('/api/file/uploadFile', { ...input, subAct: 'a' }),

    /** The whole journey of one file; answers the step that failed, or the file record. */
    async send(
      bytes: Buffer,
      name: string,
      opts: { chunkSize?: number; belongType?: string; declareSize?: boolean } = {},
    ) {
      const md5 = md5Of(bytes);
      const chunkSize = opts.chunkSize ?? 1073741824;
      const chunks = Math.max(1, Math.ceil(bytes.length / chunkSize));
      const fileExt = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
      const belongType = opts.belongType ?? 'announcement.attachments';
      const check = await api.checkMd5(md5);
      if (!check.flag) return { step: 'checkMd5', answer: check };
      let contextId: string | null = check.data.contextId;
      const instant = !!contextId;
      if (!contextId) {
        const tokens = await api.storageTokens({
          fileExt,
          chunks,
          md5,
          belongType,
          ...(opts.declareSize === false ? {} : { fileSize: bytes.length }),
        });
        if (!tokens.flag) return { step: 'tokens', answer: tokens };
        const prepared = await api.prepare(tokens.data.prepareToken, chunkSize, md5);
        if (!prepared.flag) return { step: 'prepare', answer: prepared };
        contextId = prepared.data.contextId as string;
        const chunkTokens = await api.chunkTokens({ fileExt, chunks, md5, contextId });
        if (!chunkTokens.flag) return { step: 'chunkTokens', answer: chunkTokens };
        for (let i = 0; i < chunks; i++) {
          if (prepared.data.chunks.includes(i)) continue;
          const piece = bytes.subarray(i * chunkSize, (i + 1) * chunkSize);
          const up = await api.upload(chunkTokens.data.chunkToken, contextId, i, piece, md5Of(piece));
          if (!up.flag) return { step: 'upload', answer: up };
        }
        const done = await api.complete(chunkTokens.data.completeToken, contextId);
        if (!done.flag) return { step: 'complete', answer: done };
      }
      const record = await api.uploadFile({ belongType, contextId, originalFileName: name });
      if (!record.flag) return { step: 'uploadFile', answer: record };
      return {
        step: 'done',
        answer: record,
        instant,
        file: record.data as {
          id: number;
          previewKind: string | null;
          previewUrl: string | null;
          downloadUrl: string;
          fileName: string;
          md5: string;
          contextId: string;
        },
      };
    },
  };
  return api;
}

/** A PNG as signature readers see it (signature, IHDR, one IDAT of `size` random bytes, IEND); CRCs are not checked by them. */
export function pngOf(size = 4000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, crypto.randomBytes(4)]);
  };
  const ihdr = Buffer.from([0, 0, 0, 16, 0, 0, 0, 16, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', crypto.randomBytes(size)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PDF as signature readers see it: the header, the binary comment line, then `size` random bytes. */
export function pdfOf(size = 4000): Buffer {
  return Buffer.concat([Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'), crypto.randomBytes(size)]);
}

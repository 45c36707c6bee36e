import crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { FILE_TYPE_SETS, UPLOAD_MESSAGES } from '../../shared/fileTypes.js';
import { ApiError } from '../api/ApiError.js';
import { md5OfBlob } from './md5Hasher.js';
import { chunkPlan } from './chunkPlan.js';
import { UploadModel } from './uploadModel.js';
import type { UploadDeps, UploadStatus } from './uploadTypes.js';
import { networkError } from './uploadTransport.js';
import { memoryFileServer } from './memoryFileServer.js';

const md5 = (b: Uint8Array) => crypto.createHash('md5').update(b).digest('hex');
const pdfFile = (name: string, size = 5000) => {
  const bytes = new Uint8Array(crypto.randomBytes(size));
  bytes.set(Buffer.from('%PDF-'));
  return new File([bytes], name);
};

/** The back-off pauses the uploader asked for, in order (taken at once in these tests). */
let waits: number[] = [];

function setup(opts: Partial<ConstructorParameters<typeof UploadModel>[0]> = {}) {
  const server = memoryFileServer();
  waits = [];
  const gate = { begin: vi.fn(), end: vi.fn(), remove: vi.fn() };
  const notify = { warning: vi.fn(), error: vi.fn() };
  const deps: UploadDeps = {
    transport: server.transport,
    gate,
    notify,
    md5: (file, o) => md5OfBlob(file, o),
    wait: async (ms) => {
      waits.push(ms);
    },
  };
  const model = new UploadModel(
    UploadModel.defaults({ belongType: 'announcement.attachments', accept: FILE_TYPE_SETS.generalArchive, ...opts }),
    deps,
  );
  const statuses: UploadStatus[] = [];
  model.subscribe(() => {
    const s = model.items()[0]?.status;
    if (s && statuses.at(-1) !== s) statuses.push(s);
  });
  const settled = () =>
    vi.waitFor(() => {
      if (model.items().some((i) => i.status === 'queued' || i.status === 'progress')) throw new Error('still running');
    });
  return { model, server, gate, notify, statuses, settled };
}

describe('UploadModel', () => {
  it('takes a file through init, queued, progress and complete, telling the upload gate', async () => {
    const { model, server, gate, statuses, settled } = setup();
    const file = pdfFile('申报书.pdf');
    const [uid] = model.add([file]);
    await settled();
    expect(statuses).toEqual(['init', 'queued', 'progress', 'complete']);
    expect(model.items()[0]).toMatchObject({ status: 'complete', percentage: 100, instant: false });
    expect(model.value()).toEqual([
      {
        id: 1,
        fileName: '申报书.pdf',
        fileSize: 1,
        fileSuffix: 'pdf',
        md5: md5(new Uint8Array(await file.arrayBuffer())),
      },
    ]);
    expect(server.calls).toEqual([
      'checkMd5',
      'storageTokens',
      'prepare',
      'chunkTokens',
      'getchunks',
      'upload:0',
      'complete',
      'uploadFile',
    ]);
    expect(gate.begin).toHaveBeenCalledWith(uid);
    expect(gate.end).toHaveBeenLastCalledWith(uid);
  });

  it('refuses a wrong type, an oversized file and files over the count, with the messages of SPEC §5', () => {
    const { model, notify } = setup({ maxCount: 2, maxSize: 1 });
    model.add([new File(['x'], 'virus.exe')]);
    expect(notify.warning).toHaveBeenLastCalledWith(UPLOAD_MESSAGES.wrongType);
    model.add([new File([new Uint8Array(1024 * 1024 + 1)], 'big.pdf')]);
    expect(notify.warning).toHaveBeenLastCalledWith('上传文件大小不能超过1MB');
    const added = model.add([pdfFile('a.pdf'), pdfFile('b.pdf'), pdfFile('c.pdf')]);
    expect(added).toHaveLength(2);
    expect(notify.warning).toHaveBeenLastCalledWith(UPLOAD_MESSAGES.tooMany);
    expect(model.items().map((i) => i.fileName)).toEqual(['a.pdf', 'b.pdf']);
  });

  it('takes any number of files of any size when the limits are -1', async () => {
    const { model, settled } = setup({ maxCount: -1, maxSize: -1 });
    model.add(Array.from({ length: 7 }, (_, i) => pdfFile(`${i}.pdf`, 100 + i)));
    await settled();
    expect(model.value()).toHaveLength(7);
  });

  it('refuses the same content twice in one list', async () => {
    const { model, notify, settled } = setup();
    const file = pdfFile('a.pdf');
    model.add([file, new File([file], 'copy.pdf')]);
    await settled();
    expect(notify.warning).toHaveBeenCalledWith(UPLOAD_MESSAGES.duplicate);
    expect(model.items().map((i) => i.fileName)).toEqual(['a.pdf']);
  });

  it('answers a known md5 at once without sending bytes', async () => {
    const { model, server, settled } = setup();
    const file = pdfFile('a.pdf');
    server.known.set(md5(new Uint8Array(await file.arrayBuffer())), 'ctx-known');
    model.add([file]);
    await settled();
    expect(model.items()[0]).toMatchObject({ status: 'complete', instant: true });
    expect(server.calls).toEqual(['checkMd5', 'uploadFile']);
  });

  it("cuts no chunk bigger than the server allows (UPLOAD_CHUNK_MB behind a proxy's body limit)", async () => {
    const { model, server, settled } = setup();
    server.limits.chunkSize = 1000;
    model.add([pdfFile('big.pdf', 2500)]);
    await settled();
    expect(model.items()[0].status).toBe('complete');
    expect(server.calls.filter((c) => c.startsWith('upload:'))).toEqual(['upload:0', 'upload:1', 'upload:2']);
  });

  it('tries a complete answered 文件正在处理 (409) again with back-off instead of dropping the file', async () => {
    const { model, server, notify, settled } = setup();
    let busy = 2;
    server.failures.push((op) =>
      op === 'complete' && busy-- > 0 ? new ApiError('文件正在处理，请稍候', 'envelope', 409, 409) : null,
    );
    model.add([pdfFile('busy.pdf')]);
    await settled();
    expect(model.items()[0].status).toBe('complete');
    expect(server.calls.filter((c) => c === 'complete')).toHaveLength(3);
    expect(waits).toEqual([1000, 2000]);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it("gives up on a complete that stays busy after about a minute, with the server's message", async () => {
    const { model, server, notify, settled } = setup();
    server.failures.push((op) =>
      op === 'complete' ? new ApiError('文件正在处理，请稍候', 'envelope', 409, 409) : null,
    );
    model.add([pdfFile('stuck.pdf')]);
    await settled();
    expect(waits.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(55_000);
    expect(notify.error).toHaveBeenCalledWith('文件正在处理，请稍候');
  });

  it('keeps a file that failed on the network, holds the gate as failed, and resumes on retry without resending stored chunks', async () => {
    const { model, server, gate, notify, settled } = setup({ chunkSize: 1000, largeFileThreshold: 1000 });
    let broken = true;
    server.failures.push((op, index) => (op === 'upload' && index === 1 && broken ? networkError() : null));
    const [uid] = model.add([pdfFile('two.pdf', 1800)]);
    await settled();
    expect(model.items()[0]).toMatchObject({ status: 'error', error: UPLOAD_MESSAGES.network, percentage: 77 });
    expect(gate.end).toHaveBeenLastCalledWith(uid, true);
    expect(notify.error).toHaveBeenCalledWith(UPLOAD_MESSAGES.network);
    broken = false;
    server.calls.length = 0;
    model.retry(uid);
    await settled();
    expect(model.items()[0].status).toBe('complete');
    expect(server.calls).toEqual([
      'checkMd5',
      'storageTokens',
      'prepare',
      'chunkTokens',
      'getchunks',
      'upload:1',
      'complete',
      'uploadFile',
    ]);
    expect(gate.end).toHaveBeenLastCalledWith(uid);
  });

  it('removes a file the server refuses, with the server message', async () => {
    const { model, server, gate, notify, settled } = setup();
    server.failures.push((op) =>
      op === 'complete' ? new ApiError(UPLOAD_MESSAGES.wrongType, 'envelope', 400, 400) : null,
    );
    const [uid] = model.add([pdfFile('fake.pdf')]);
    await settled();
    expect(model.items()).toEqual([]);
    expect(notify.error).toHaveBeenCalledWith(UPLOAD_MESSAGES.wrongType);
    expect(gate.remove).toHaveBeenCalledWith(uid);
  });

  it('shows stored files of a record and keeps them in the value next to new ones', async () => {
    const { model, settled } = setup();
    model.setValue([{ id: 9, fileName: 'old.pdf', fileSize: 10, fileSuffix: 'pdf', md5: 'a'.repeat(32) }]);
    expect(model.items()[0]).toMatchObject({ status: 'complete', id: 9 });
    model.add([pdfFile('new.pdf')]);
    await settled();
    expect(model.value().map((v) => v.fileName)).toEqual(['old.pdf', 'new.pdf']);
    model.remove(model.items()[0].uid);
    expect(model.value().map((v) => v.fileName)).toEqual(['new.pdf']);
  });

  it('survives being unmounted and mounted again (React strict mode): queued files still upload', async () => {
    const { model, settled } = setup();
    model.dispose();
    model.add([pdfFile('a.pdf')]);
    expect(model.items()[0].status).toBe('queued');
    model.activate();
    await settled();
    expect(model.items()[0].status).toBe('complete');
  });

  it('cuts files by the large-file threshold and chunk size (1073741824 by default)', () => {
    const defaults = UploadModel.defaults({ belongType: 'x', accept: [] });
    expect(defaults).toMatchObject({
      chunkSize: 1073741824,
      largeFileThreshold: 1073741824,
      timeoutMs: 1800000,
      maxCount: 5,
      maxSize: 10,
    });
    expect(chunkPlan(10, defaults)).toEqual({ chunkSize: 1073741824, chunks: 1 });
    expect(chunkPlan(1073741824, defaults)).toEqual({ chunkSize: 1073741824, chunks: 1 });
    expect(chunkPlan(2.5 * 1073741824, defaults)).toEqual({ chunkSize: 1073741824, chunks: 3 });
    expect(chunkPlan(0, defaults)).toEqual({ chunkSize: 1073741824, chunks: 1 });
  });
});

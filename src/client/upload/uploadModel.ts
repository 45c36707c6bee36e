/**
 * The uploader without React: a list of files, each going init → queued → progress → complete (or
 * error), with the rules and messages of SPEC §5 / §8. The component renders it; tests drive it.
 *
 * One file at a time: md5 (in a worker) → file/checkMd5 (a known, readable md5 completes at once)
 * → tokens → prepare (finds an interrupted upload) → getchunks → the missing chunks → complete →
 * file/uploadFile. A network failure keeps the file for a retry that resumes; any other failure
 * removes it with its message. The request layer's upload gate is told throughout.
 */
import { extOf, tooLargeMessage, UPLOAD_DEFAULTS, UPLOAD_MESSAGES } from '../../shared/fileTypes.js';
import { isNetworkFailure } from './uploadTransport.js';
import { completeWithRetry } from './completeWithRetry.js';
import { chunkPlan } from './chunkPlan.js';
import type { FileRefValue, UploadDeps, UploadItem, UploadSettings } from './uploadTypes.js';

interface Entry {
  item: UploadItem;
  file?: Blob;
  controller?: AbortController;
  chunkMd5s?: string[];
}

let uidCounter = 0;
const nextUid = () => `upload-${Date.now().toString(36)}-${(uidCounter++).toString(36)}`;

export class UploadModel {
  private entries: Entry[] = [];
  private listeners = new Set<() => void>();
  private running = false;
  private disposed = false;
  private snapshot: UploadItem[] = [];

  constructor(
    private settings: UploadSettings,
    private readonly deps: UploadDeps,
    initial: FileRefValue[] = [],
  ) {
    this.setValue(initial);
  }

  static defaults(
    partial: Partial<UploadSettings> & { belongType: string; accept: readonly string[] },
  ): UploadSettings {
    return {
      maxCount: UPLOAD_DEFAULTS.maxCount,
      maxSize: UPLOAD_DEFAULTS.maxSize,
      chunkSize: UPLOAD_DEFAULTS.chunkSize,
      largeFileThreshold: UPLOAD_DEFAULTS.largeFileThreshold,
      timeoutMs: UPLOAD_DEFAULTS.timeoutMs,
      ...partial,
    };
  }

  configure(settings: UploadSettings): void {
    this.settings = settings;
  }

  // ------------------------------------------------------------------ reading

  items(): UploadItem[] {
    return this.snapshot;
  }

  /** The complete files, as the form stores them. */
  value(): FileRefValue[] {
    return this.entries
      .filter((e) => e.item.status === 'complete' && e.item.id !== undefined)
      .map(({ item }) => ({
        id: item.id!,
        fileName: item.fileName,
        fileSize: item.fileSize,
        fileSuffix: item.fileSuffix,
        md5: item.md5 ?? '',
      }));
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    this.snapshot = this.entries.map((e) => ({ ...e.item }));
    this.listeners.forEach((l) => l());
  }

  private update(entry: Entry, patch: Partial<UploadItem>): void {
    Object.assign(entry.item, patch);
    this.changed();
  }

  // ------------------------------------------------------------------ the form's value

  /** Takes the stored files of a record (edit pages); files being uploaded stay. */
  setValue(refs: FileRefValue[] | null | undefined): void {
    const list = Array.isArray(refs) ? refs.filter((r) => r && r.id !== undefined) : [];
    const same = JSON.stringify(list.map((r) => r.id)) === JSON.stringify(this.value().map((r) => r.id));
    if (same && this.entries.length) return;
    const pending = this.entries.filter((e) => e.item.status !== 'complete');
    const stored = list.map((r): Entry => ({
      item: {
        uid: `file-${r.id}`,
        fileName: r.fileName,
        fileSize: Number(r.fileSize ?? 0),
        fileSuffix: r.fileSuffix ?? extOf(r.fileName),
        status: 'complete',
        percentage: 100,
        md5: r.md5,
        id: Number(r.id),
      },
    }));
    this.entries = [...stored, ...pending];
    this.changed();
  }

  // ------------------------------------------------------------------ adding

  /** Adds files picked by the user; refused ones are reported and left out. Answers the uids added. */
  add(files: File[]): string[] {
    const { accept, maxCount, maxSize } = this.settings;
    const added: string[] = [];
    let room = maxCount < 0 ? Infinity : maxCount - this.entries.length;
    let tooMany = false;
    for (const file of files) {
      const suffix = extOf(file.name);
      if (!accept.includes(suffix)) {
        this.deps.notify.warning(UPLOAD_MESSAGES.wrongType);
        continue;
      }
      if (maxSize >= 0 && file.size > maxSize * 1024 * 1024) {
        this.deps.notify.warning(tooLargeMessage(maxSize));
        continue;
      }
      if (room <= 0) {
        tooMany = true;
        continue;
      }
      room--;
      const entry: Entry = {
        file,
        item: {
          uid: nextUid(),
          fileName: file.name,
          fileSize: file.size,
          fileSuffix: suffix,
          status: 'init',
          percentage: 0,
        },
      };
      this.entries.push(entry);
      added.push(entry.item.uid);
    }
    if (tooMany) this.deps.notify.warning(UPLOAD_MESSAGES.tooMany);
    if (!added.length) return added;
    this.changed();
    for (const uid of added) {
      const entry = this.find(uid)!;
      entry.item.status = 'queued';
      // Held at once: nothing may be saved until this file is settled.
      this.deps.gate.begin(uid);
    }
    this.changed();
    void this.pump();
    return added;
  }

  /** Takes a file out of the list (and stops its upload). */
  remove(uid: string): void {
    const entry = this.find(uid);
    if (!entry) return;
    entry.controller?.abort();
    this.entries = this.entries.filter((e) => e !== entry);
    this.deps.gate.remove(uid);
    this.changed();
  }

  /** Tries a file that failed on the network again; the upload resumes where it stopped. */
  retry(uid: string): void {
    const entry = this.find(uid);
    if (!entry || entry.item.status !== 'error' || !entry.file) return;
    this.update(entry, { status: 'queued', error: undefined });
    this.deps.gate.begin(uid);
    void this.pump();
  }

  /** The component is (again) on screen: work on what is queued (React may unmount and remount it). */
  activate(): void {
    this.disposed = false;
    for (const e of this.entries) {
      if (e.item.status === 'queued' || e.item.status === 'progress') {
        e.item.status = 'queued';
        this.deps.gate.begin(e.item.uid);
      }
    }
    this.changed();
    void this.pump();
  }

  /** The form is gone: stop everything and release the gate. */
  dispose(): void {
    this.disposed = true;
    for (const e of this.entries) {
      e.controller?.abort();
      this.deps.gate.remove(e.item.uid);
    }
  }

  private find(uid: string): Entry | undefined {
    return this.entries.find((e) => e.item.uid === uid);
  }

  // ------------------------------------------------------------------ uploading

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (;;) {
        if (this.disposed) return;
        const next = this.entries.find((e) => e.item.status === 'queued');
        if (!next) return;
        await this.run(next);
      }
    } finally {
      this.running = false;
    }
  }

  /** The settings' chunk size and threshold, lowered to the server's largest chunk (a proxy's body limit). */
  private async chunkLimits(): Promise<Pick<UploadSettings, 'chunkSize' | 'largeFileThreshold'>> {
    const { chunkSize, largeFileThreshold } = this.settings;
    const server = await this.deps.transport.uploadSettings().then(
      (s) => s.chunkSize,
      () => Infinity,
    );
    const cap = Number.isSafeInteger(server) && server > 0 ? server : Infinity;
    return { chunkSize: Math.min(chunkSize, cap), largeFileThreshold: Math.min(largeFileThreshold, cap) };
  }

  private stillListed(entry: Entry): boolean {
    return !this.disposed && this.entries.includes(entry);
  }

  private async run(entry: Entry): Promise<void> {
    const controller = new AbortController();
    entry.controller = controller;
    const { item } = entry;
    const file = entry.file!;
    try {
      this.update(entry, { status: 'progress', phase: 'md5', md5Percentage: item.md5 ? 100 : 0 });
      const plan = chunkPlan(file.size, await this.chunkLimits());
      if (!item.md5 || !entry.chunkMd5s) {
        const result = await this.deps.md5(file, {
          chunkSize: plan.chunkSize,
          signal: controller.signal,
          onProgress: (loaded, total) =>
            this.update(entry, { md5Percentage: total ? Math.floor((loaded / total) * 100) : 100 }),
        });
        if (!this.stillListed(entry)) return;
        entry.chunkMd5s = result.chunkMd5s;
        this.update(entry, { md5: result.md5, md5Percentage: 100 });
      }
      const md5 = item.md5!;
      // SPEC §5: the same content twice in one list is refused.
      if (this.entries.some((e) => e !== entry && e.item.md5 === md5 && e.item.status !== 'error')) {
        this.deps.notify.warning(UPLOAD_MESSAGES.duplicate);
        this.remove(item.uid);
        return;
      }
      const { transport } = this.deps;
      const { belongType, belongId } = this.settings;
      let contextId: string | null = (await transport.checkMd5(md5)).contextId;
      const instant = !!contextId;
      if (!contextId) {
        this.update(entry, { phase: 'upload' });
        contextId = await this.sendBytes(entry, file, md5, plan, controller.signal);
        if (!contextId) return;
      }
      if (!this.stillListed(entry)) return;
      this.update(entry, { phase: 'save', contextId });
      const saved = await transport.uploadFile({
        belongType,
        belongId,
        contextId,
        originalFileName: file instanceof File ? file.name : item.fileName,
      });
      if (!this.stillListed(entry)) return;
      entry.file = undefined;
      this.update(entry, {
        status: 'complete',
        percentage: 100,
        phase: undefined,
        instant,
        id: saved.id,
        fileName: saved.fileName,
        fileSize: saved.fileSize,
        fileSuffix: saved.fileSuffix,
        previewKind: saved.previewKind,
      });
      this.deps.gate.end(item.uid);
    } catch (e) {
      if (!this.stillListed(entry)) return;
      if ((e as { name?: string })?.name === 'AbortError') return;
      if (isNetworkFailure(e)) {
        this.update(entry, { status: 'error', phase: undefined, error: UPLOAD_MESSAGES.network });
        this.deps.gate.end(item.uid, true);
        this.deps.notify.error(UPLOAD_MESSAGES.network);
      } else {
        this.deps.notify.error((e as Error)?.message || UPLOAD_MESSAGES.network);
        this.remove(item.uid);
      }
    } finally {
      entry.controller = undefined;
    }
  }

  /** The bytes the server does not have yet; answers the completed upload's contextId. */
  private async sendBytes(
    entry: Entry,
    file: Blob,
    md5: string,
    plan: { chunkSize: number; chunks: number },
    signal: AbortSignal,
  ): Promise<string | null> {
    const { transport } = this.deps;
    const { belongType, timeoutMs } = this.settings;
    const fileExt = entry.item.fileSuffix;
    const tokens = await transport.storageTokens({
      fileExt,
      chunks: plan.chunks,
      md5,
      fileSize: file.size,
      belongType,
    });
    const url = tokens.fileServerUrl;
    const prepared = await transport.prepare(url, { token: tokens.prepareToken, chunkSize: plan.chunkSize, md5 });
    const contextId = prepared.contextId;
    const { chunkToken, completeToken } = await transport.chunkTokens({ fileExt, chunks: plan.chunks, md5, contextId });
    const stored = await transport.getchunks(url, { token: tokens.md5Token, contextId });
    const have = new Set([...prepared.chunks, ...stored.chunks]);
    if (!stored.complete) {
      const sizeOf = (i: number) => Math.min(plan.chunkSize, file.size - i * plan.chunkSize);
      let done = [...have].reduce((sum, i) => sum + Math.max(0, sizeOf(i)), 0);
      const show = (bytes: number) =>
        this.update(entry, { percentage: file.size ? Math.min(99, Math.floor((bytes / file.size) * 100)) : 99 });
      show(done);
      for (let i = 0; i < plan.chunks; i++) {
        if (have.has(i)) continue;
        if (!this.stillListed(entry)) return null;
        const chunk = file.slice(i * plan.chunkSize, Math.min(file.size, (i + 1) * plan.chunkSize));
        await transport.uploadChunk(url, {
          token: chunkToken,
          contextId,
          index: i,
          chunk,
          chunkMd5: entry.chunkMd5s?.[i],
          timeoutMs,
          signal,
          onProgress: (loaded) => show(done + loaded),
        });
        done += chunk.size;
        show(done);
      }
      await completeWithRetry(transport, url, { token: completeToken, contextId, timeoutMs }, signal, this.deps.wait);
    }
    return contextId;
  }
}

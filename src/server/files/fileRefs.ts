import type { AppContext } from '../AppContext.js';
import type { SessionUser } from '../auth/sessions.js';

/** What a `files` field of a record stores for each file. */
export interface FileRef {
  id: number;
  fileName: string;
  fileSize: number;
  fileSuffix: string;
  md5: string;
}

/**
 * Contract between the resources engine and the file service.
 * resolveFileRefs: turns the ids a client sent into stored refs; refuses (AppError 参数不合法) an id
 * that does not exist or that this user may not attach (not theirs and not readable by them).
 * bindFiles: records that these files now belong to a record, so reading the record entitles
 * reading its files.
 */
export async function resolveFileRefs(_ctx: AppContext, _user: SessionUser, ids: number[]): Promise<FileRef[]> {
  return ids.map((id) => ({ id, fileName: '', fileSize: 0, fileSuffix: '', md5: '' }));
}

export async function bindFiles(_ctx: AppContext, _belongType: string, _belongId: number, _ids: number[]): Promise<void> {}

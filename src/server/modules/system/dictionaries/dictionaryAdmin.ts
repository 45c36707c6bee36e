import type { EntityDef } from '../../../../shared/schema/types.js';
import type { AppContext } from '../../../AppContext.js';
import type { SessionUser } from '../../../platform/auth/sessions.js';
import { AppError } from '../../../platform/http/AppError.js';
import { hasRight, permissions } from '../../../platform/records/access.js';
import { KyselyRecordStore, type StoredRecord } from '../../../platform/records/RecordStore.js';
import { logRows, virtualRecord, type VirtualEntity } from '../../../platform/resources/virtualEntities.js';
import { dictionaryItems, saveDictionary } from '../../../platform/reference/dictionaryStore.js';

const bad = (field: string, label: string, message: string) => AppError.invalid([{ field, label, message }]);
const MAX_OPTIONS = 200;

interface TypeRow {
  type: string;
  label: string;
  version: number;
  updated_at: number;
}

/** Checks an edited option list against the stored one; answers the clean list or throws the first problem. */
export function checkOptions(
  given: unknown,
  before: { value: string; text: string }[],
): { value: string; text: string }[] {
  if (!Array.isArray(given) || !given.length) throw bad('options', '字典值', '请至少填写一个字典值');
  if (given.length > MAX_OPTIONS) throw bad('options', '字典值', `字典值不能超过${MAX_OPTIONS}个`);
  const out: { value: string; text: string }[] = [];
  const seen = new Set<string>();
  given.forEach((o, i) => {
    const row = (o ?? {}) as Record<string, unknown>;
    const value = typeof row.value === 'string' || typeof row.value === 'number' ? String(row.value).trim() : '';
    const text = typeof row.text === 'string' ? row.text.trim() : '';
    if (!value || value.length > 64 || /[\s<>]/.test(value))
      throw bad('options', '字典值', `第${i + 1}行：值不能为空，不超过64个字符，且不能含空格`);
    if (!text || text.length > 128) throw bad('options', '字典值', `第${i + 1}行：名称不能为空，且不超过128个字符`);
    if (seen.has(value)) throw bad('options', '字典值', `第${i + 1}行：值“${value}”重复`);
    seen.add(value);
    out.push({ value, text });
  });
  // Records keep the value: removing one would leave them with a code nobody can read.
  const gone = before.filter((o) => !seen.has(o.value));
  if (gone.length)
    throw bad('options', '字典值', `已有的字典值不能删除（记录可能正在使用）：${gone.map((o) => o.text).join('、')}`);
  return out;
}

/**
 * Dictionary types as the virtual entity `dictionary` (the dictionaries admin page). A save
 * replaces the type's options through the versioned store, so browsers holding the old list
 * refresh it at their next version check.
 */
export function dictionaryAdmin(ctx: AppContext): VirtualEntity {
  const { db } = ctx.database;
  const entity = ctx.schemas.entities.get('dictionary') as EntityDef;
  const store = KyselyRecordStore.of(ctx.database);
  const need = (user: SessionUser, right: 'read' | 'update') => {
    if (!hasRight(entity, right, user)) throw AppError.forbidden();
  };
  const types = async () =>
    (await db
      .selectFrom('dictionary_types')
      .select(['type', 'label', 'version', 'updated_at'])
      .orderBy('type')
      .execute()) as TypeRow[];
  const toRecord = async (row: TypeRow, id: number, withOptions: boolean): Promise<StoredRecord> => {
    const options = (await dictionaryItems(db, row.type)) ?? [];
    return virtualRecord(
      id,
      {
        type: row.type,
        label: row.label,
        optionCount: options.length,
        ...(withOptions ? { options } : {}),
      },
      { version: Number(row.version), createdAt: Number(row.updated_at), updatedAt: Number(row.updated_at) },
    );
  };
  const find = async (id: unknown) => {
    const n = Number(id);
    const row = Number.isSafeInteger(n) && n > 0 ? (await types())[n - 1] : undefined;
    if (!row) throw AppError.notFound();
    return { row, id: n };
  };
  const answer = (r: StoredRecord, user: SessionUser) => ({ ...r, _perm: permissions(entity, null, r, user) });

  return {
    async list(body, user) {
      need(user, 'read');
      let rows = (await types()).map((row, i) => ({ row, id: i + 1 }));
      for (const f of Array.isArray(body.filters) ? (body.filters as { field?: string; value?: unknown }[]) : []) {
        if (f?.value === undefined || f.value === null || f.value === '') continue;
        const text = String(f.value).toLowerCase();
        if (f.field === 'label') rows = rows.filter((r) => r.row.label.toLowerCase().includes(text));
        else if (f.field === 'type') rows = rows.filter((r) => r.row.type.toLowerCase().includes(text));
        else throw AppError.invalid();
      }
      const page = Math.max(1, Number(body.page ?? 1) || 1);
      const pageSize = Math.min(Math.max(1, Number(body.pageSize ?? 10) || 10), 100);
      const shown = rows.slice((page - 1) * pageSize, page * pageSize);
      const list = await Promise.all(shown.map(async (r) => answer(await toRecord(r.row, r.id, false), user)));
      return { list, total: rows.length, page, pageSize };
    },
    async get(body, user) {
      need(user, 'read');
      const { row, id } = await find(body.id);
      return answer(await toRecord(row, id, true), user);
    },
    async save(body, user) {
      if (body.id === undefined || body.id === null || body.id === '')
        throw AppError.forbidden('字典类型由系统定义，不能新增');
      need(user, 'update');
      const { row, id } = await find(body.id);
      if (body.version !== undefined && Number(body.version) !== Number(row.version)) throw AppError.conflict();
      const label = body.label === undefined ? row.label : typeof body.label === 'string' ? body.label.trim() : '';
      if (!label || label.length > 64) throw bad('label', '字典名称', '字典名称不能为空，且不超过64个字符');
      const before = (await dictionaryItems(db, row.type)) ?? [];
      const options = body.options === undefined ? before : checkOptions(body.options, before);
      await saveDictionary(db, { type: row.type, label, options });
      const changed = options
        .filter((o) => before.find((b) => b.value === o.value)?.text !== o.text)
        .map((o) => `${o.value}=${o.text}`);
      await store.log({
        entity: 'dictionary',
        recordId: id,
        action: 'update',
        actionLabel: '修改字典',
        fromStatus: null,
        toStatus: null,
        comment:
          [label !== row.label ? `名称：${label}` : '', changed.length ? `字典值：${changed.join('，')}` : '']
            .filter(Boolean)
            .join('；') || null,
        userId: user.userId,
        userName: user.realName,
        roleCode: user.roleCode,
        createdAt: Date.now(),
      });
      const after = (await types()).find((t) => t.type === row.type)!;
      return answer(await toRecord(after, id, true), user);
    },
    async logs(body, user) {
      need(user, 'read');
      const { id } = await find(body.id);
      return logRows(await store.logs(entity, id));
    },
  };
}

import type { EntityDef, OperationLogRow, WorkflowDef } from '../../../shared/schema/types.js';
import { assertAreaFieldsInScope } from './areaScope.js';
import { evaluate, test } from '../../../shared/rules/evaluate.js';
import type { AppContext } from '../AppContext.js';
import type { SessionUser } from '../auth/sessions.js';
import { AppError } from '../http/AppError.js';
import { fieldDef } from '../schemas/entityModel.js';
import { fire, workflowOf } from '../workflow/engine.js';
import { commentOf, writeRecords, type RecordWriter } from '../records/recordWriter.js';
import type { RuleFacts } from '../records/transitions.js';
import { allowed, hasRight, permissions, scopeFilter } from '../records/access.js';
import { DictionaryValues } from '../records/dictionaries.js';
import { storageOf } from '../records/entityPlan.js';
import { publicRecord, ruleRecord } from '../records/output.js';
import { applyMasks } from '../records/fieldMasks.js';
import { listFields, withReadNeeds } from './listFields.js';
import {
  KyselyRecordStore,
  type Filter,
  type RecordStore,
  type NewStoredRecord,
  type StoredRecord,
} from '../records/RecordStore.js';
import { publicRuleContext, publicRuleVars, ruleContext } from '../records/ruleContext.js';
import { ruleToCond } from '../schemas/ruleFilter.js';
import { validateFields } from './validate.js';
import { coerceServerValue } from '../records/fieldValues.js';
import { toCsv } from './csv.js';
import { XLSX_TYPE, writeXlsx } from './xlsxWriter.js';
import { exportCellWriter } from './exportCells.js';
import { logRows } from './virtualEntities.js';
import { actionOf, invalid, parseId, parseVersion } from './bodyValues.js';
import { listQuery } from './listQuery.js';

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './listQuery.js';
export const EXPORT_LIMIT = 10_000;

type Body = Record<string, unknown>;

import type { ListAnswer } from '../records/Engine.js';

export type { ListAnswer };

/**
 * The generic create / read / list / update / delete / export of every entity, driven by its
 * schema and authorised by its access rules on every call and every record.
 */
export class ResourceService {
  readonly store: RecordStore;
  readonly dicts: DictionaryValues;

  constructor(
    private readonly ctx: AppContext,
    store?: RecordStore,
  ) {
    this.store = store ?? KyselyRecordStore.of(ctx.database);
    this.dicts = new DictionaryValues(ctx);
  }

  entity(name: string): EntityDef {
    const e = this.ctx.schemas.entities.get(name);
    if (!e) throw invalid('entity', `未知的实体：${name}`);
    return e;
  }

  private workflow(entity: EntityDef): WorkflowDef | null {
    return workflowOf(this.ctx, entity);
  }

  /** Admin answer of one record: all fields (a list's row: the fields it read) and the user's rights on it. */
  private answer(
    entity: EntityDef,
    rec: StoredRecord,
    user: SessionUser,
    now = Date.now(),
    facts: RuleFacts = {},
    fields?: readonly string[],
  ): Record<string, unknown> {
    const shaped = ruleRecord(entity, rec, fields);
    // Set on the shaped record itself, which is this answer's own: a copy of 40 fields per row cost more than the rules.
    const perm = permissions(entity, this.workflow(entity), rec, user, now, facts, shaped);
    applyMasks(entity, rec, shaped, user, () => perm.update);
    shaped._perm = perm;
    return shaped;
  }

  /** One record's answer with the facts its workflow guards read (read once per call). */
  private async answerOne(
    entity: EntityDef,
    rec: StoredRecord,
    user: SessionUser,
    now = Date.now(),
  ): Promise<Record<string, unknown>> {
    return this.answer(entity, rec, user, now, await this.ctx.engine.facts(entity.name, this.store, now));
  }

  // ---------------------------------------------------------------- reading

  /** Turns a list body (page, filters, sort, pageId) into store options; `visible` limits the fields a visitor may use. */
  async list(entityName: string, body: Body, user: SessionUser): Promise<ListAnswer> {
    const entity = this.entity(entityName);
    if (!hasRight(entity, 'read', user)) throw AppError.forbidden();
    const now = Date.now();
    const q = listQuery(this.ctx, entity, body, 'admin');
    const fields = withReadNeeds(
      listFields(entity, q.listPage, this.workflow(entity)),
      this.ctx.engine.readFields(entity.name),
    );
    const page = await this.store.list(entity, {
      where: { t: 'and', items: [scopeFilter(entity, 'read', user, now), ...q.items] },
      sort: [q.sort],
      offset: (q.page - 1) * q.pageSize,
      limit: q.pageSize,
      fields,
      // Everyone of a role and city opening a page reads the same rows: kept until the table changes,
      // as its total is. Kept rows are shared: this call fills and answers its own copies.
      cache: true,
    });
    const { total } = page;
    const rows = page.rows.map((r) => ({ ...r }));
    await this.filled(entity, rows, user);
    const facts = rows.length ? await this.ctx.engine.facts(entity.name, this.store, now) : {};
    // Rows carry the fields read (what the page shows and its rules test), not every field as null.
    return {
      list: rows.map((r) => this.answer(entity, r, user, now, facts, fields)),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  /** Records just read, with what their storage leaves empty filled by the modules (Engine onRead). */
  private async filled(entity: EntityDef, rows: StoredRecord[], reader: SessionUser): Promise<void> {
    if (!this.ctx.engine.readsFilled(entity.name)) return;
    await this.ctx.engine.onRead(this.ctx, entity.name, rows, this.store.executor, reader);
  }

  /** A record the user may read, else 404 (an out-of-scope record is not revealed). */
  private async readable(entity: EntityDef, id: number, user: SessionUser): Promise<StoredRecord> {
    const rec = await this.store.get(entity, id);
    if (!rec || !allowed(entity, 'read', rec, user)) throw AppError.notFound();
    await this.filled(entity, [rec], user);
    return rec;
  }

  async get(entityName: string, body: Body, user: SessionUser): Promise<Record<string, unknown>> {
    const entity = this.entity(entityName);
    if (!hasRight(entity, 'read', user)) throw AppError.forbidden();
    return this.answerOne(entity, await this.readable(entity, parseId(body.id), user), user);
  }

  private publicEntity(entityName: string): { entity: EntityDef; visible: Set<string> } {
    const entity = this.entity(entityName);
    if (!entity.access.public) throw AppError.forbidden();
    return { entity, visible: new Set(['id', ...entity.access.public.fields]) };
  }

  private publicCond(entity: EntityDef, now: number): Filter {
    return ruleToCond(entity.access.public!.when, publicRuleVars(now), (f) => Boolean(storageOf(entity, f)));
  }

  async publicList(entityName: string, body: Body): Promise<ListAnswer> {
    const { entity, visible } = this.publicEntity(entityName);
    const now = Date.now();
    const q = listQuery(this.ctx, entity, body, 'public', visible);
    const { rows, total } = await this.store.list(entity, {
      where: { t: 'and', items: [this.publicCond(entity, now), ...q.items] },
      sort: [q.sort],
      offset: (q.page - 1) * q.pageSize,
      limit: q.pageSize,
      fields: listFields(entity, q.listPage, null, visible),
    });
    return { list: rows.map((r) => publicRecord(entity, r)), total, page: q.page, pageSize: q.pageSize };
  }

  async publicGet(entityName: string, body: Body): Promise<Record<string, unknown>> {
    const { entity } = this.publicEntity(entityName);
    const rec = await this.store.get(entity, parseId(body.id));
    if (!rec || !test(entity.access.public!.when, publicRuleContext(ruleRecord(entity, rec))))
      throw AppError.notFound();
    return publicRecord(entity, rec);
  }

  async logs(entityName: string, body: Body, user: SessionUser): Promise<OperationLogRow[]> {
    const entity = this.entity(entityName);
    if (!hasRight(entity, 'read', user)) throw AppError.forbidden();
    const rec = await this.readable(entity, parseId(body.id), user);
    return logRows(await this.store.logs(entity, rec.id));
  }

  // ---------------------------------------------------------------- writing

  /**
   * Creates or updates a record from a save body; with `_action` (and `_comment`) the same call
   * then fires that transition on it (a form's 提交), else any transition the save brings about
   * (onSave): one transaction through the records' write path, all of it or none.
   */
  async save(entityName: string, body: Body, user: SessionUser): Promise<Record<string, unknown>> {
    const entity = this.entity(entityName);
    const now = Date.now();
    const action = actionOf(body);
    const comment = commentOf(body._comment);
    const isNew = body.id === undefined || body.id === null || body.id === '';
    const wf = this.workflow(entity);
    if (action !== null && !wf?.transitions.some((t) => t.action === action))
      throw invalid('action', `未知的操作：${action}`, '操作');
    let write: (w: RecordWriter) => Promise<StoredRecord>;
    if (isNew) {
      if (!hasRight(entity, 'create', user)) throw AppError.forbidden();
      const checked = await validateFields(this.ctx, this.dicts, entity, body, null, user);
      assertAreaFieldsInScope(entity, 'create', checked.values, user);
      const record = this.newRecord(entity, wf, checked.values, user, now);
      await this.ctx.engine.beforeSave(this.ctx, entity.name, record, null, user);
      write = (w) => w.create(user, record, checked.files, now);
    } else {
      const id = parseId(body.id);
      // No update right at all is said as such, before whether this record exists.
      if (!hasRight(entity, 'update', user)) throw AppError.forbidden();
      // A fixed table without a version column has no concurrent change to catch: the last save wins.
      const version = entity.storage && !entity.storage.system?.version ? 1 : parseVersion(body.version);
      const existing = await this.readable(entity, id, user);
      if (!allowed(entity, 'update', existing, user, now)) throw AppError.forbidden();
      if (existing.version !== version) throw AppError.conflict();
      const checked = await validateFields(this.ctx, this.dicts, entity, body, existing, user);
      assertAreaFieldsInScope(entity, 'update', checked.values, user);
      const next: StoredRecord = { ...existing, ...checked.values, updatedAt: now, updatedBy: user.userId };
      await this.ctx.engine.beforeSave(this.ctx, entity.name, next, existing, user);
      write = (w) => w.update(user, existing, next, version, checked.files, now);
    }
    const done = await writeRecords(this.ctx, this.store, entity, async (w) => {
      const saved = await write(w);
      if (action !== null) return w.transition(user, { id: saved.id, action, version: saved.version, comment }, now);
      return (await w.transitionOnSave(user, saved, now)) ?? saved;
    });
    return this.answerOne(entity, done, user, now);
  }

  /** A new record: the server-set fields, the body's checked values, read-only fields' init and the defaults. */
  private newRecord(
    entity: EntityDef,
    wf: WorkflowDef | null,
    values: Record<string, unknown>,
    user: SessionUser,
    now: number,
  ): NewStoredRecord {
    const initCtx = { user: ruleContext(user).user, now };
    const record: NewStoredRecord = {
      status: wf?.initial ?? null,
      ownerId: user.userId,
      areaCode: user.areaCode ?? null,
      createdAt: now,
      updatedAt: now,
      createdBy: user.userId,
      updatedBy: user.userId,
    };
    for (const [name, def] of Object.entries(entity.fields)) {
      if (name in record) continue;
      if (def.readOnly)
        record[name] = def.init !== undefined ? coerceServerValue(def, evaluate(def.init, initCtx)) : null;
      else if (name in values) record[name] = values[name];
      else record[name] = def.default !== undefined ? def.default : null;
    }
    if (wf && wf.field !== 'status') record[wf.field] = wf.initial;
    return record;
  }

  async remove(entityName: string, body: Body, user: SessionUser): Promise<{ deleted: number }> {
    const entity = this.entity(entityName);
    if (!hasRight(entity, 'delete', user)) throw AppError.forbidden();
    const raw = body.ids ?? (body.id !== undefined ? [body.id] : undefined);
    if (!Array.isArray(raw) || raw.length === 0 || raw.length > 500) throw invalid('ids', 'ids格式不正确');
    const ids = [...new Set(raw.map((v) => parseId(v, 'ids')))];
    const now = Date.now();
    await writeRecords(this.ctx, this.store, entity, async (w) => {
      for (const id of ids) await w.remove(user, id, now);
    });
    return { deleted: ids.length };
  }

  async transition(entityName: string, body: Body, user: SessionUser): Promise<Record<string, unknown>> {
    const entity = this.entity(entityName);
    if (typeof body.action !== 'string' || body.action === '') throw invalid('action', 'action不能为空', '操作');
    if (body.comment !== undefined && body.comment !== null && typeof body.comment !== 'string')
      throw invalid('comment', '意见格式不正确', '意见');
    const rec = await fire(
      this.ctx,
      {
        entity: entity.name,
        id: parseId(body.id),
        action: body.action,
        version: parseVersion(body.version),
        comment: body.comment as string | undefined,
      },
      user,
      this.store,
    );
    return this.answerOne(entity, rec, user);
  }

  /**
   * The list (same scope and filters) as a file, with dictionary and status labels and the reader's
   * masks (fieldMasks): an xlsx
   * workbook written as every export is (xlsxWriter), or CSV when the caller asks for it (format).
   */
  async exportList(
    entityName: string,
    body: Body,
    user: SessionUser,
  ): Promise<{ filename: string; contentType: string; bytes: Buffer }> {
    const entity = this.entity(entityName);
    if (!hasRight(entity, 'read', user)) throw AppError.forbidden();
    const now = Date.now();
    const q = listQuery(this.ctx, entity, { ...body, page: 1, pageSize: 1 }, 'admin');
    const { rows } = await this.store.list(entity, {
      where: { t: 'and', items: [scopeFilter(entity, 'read', user, now), ...q.items] },
      sort: [q.sort],
      offset: 0,
      limit: EXPORT_LIMIT,
    });
    await this.filled(entity, rows, user);
    const page = typeof body.pageId === 'string' ? this.ctx.schemas.pages.get(body.pageId) : undefined;
    const columns =
      page?.kind === 'list'
        ? page.columns.map((c) => ({ field: c.field, label: c.label ?? fieldDef(entity, c.field)?.label ?? c.field }))
        : [
            { field: 'id', label: 'ID' },
            ...Object.entries(entity.fields)
              .filter(([, def]) => !def.writeOnly)
              .map(([field, def]) => ({ field, label: def.label })),
          ];
    const cell = await exportCellWriter(
      entity,
      this.workflow(entity),
      columns.map((c) => c.field),
      this.dicts,
    );
    const header = columns.map((c) => c.label);
    const data = rows.map((r) => {
      const rec = ruleRecord(entity, r);
      applyMasks(entity, r, rec, user, () => allowed(entity, 'update', r, user, now, rec));
      return columns.map((c) => cell(rec, c.field));
    });
    const stamp = new Date(now + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');
    const title = page?.title ?? entity.label;
    if (body.format === 'csv')
      return {
        filename: `${title}_${stamp}.csv`,
        contentType: 'text/csv; charset=utf-8',
        bytes: Buffer.from(toCsv(header, data), 'utf8'),
      };
    return {
      filename: `${title}_${stamp}.xlsx`,
      contentType: XLSX_TYPE,
      bytes: await writeXlsx([{ name: title, header, rows: data }]),
    };
  }
}

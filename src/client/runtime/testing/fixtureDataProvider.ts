/**
 * A data provider without a server, for render tests and snapshots: pages come from the schemas
 * given, rows are derived from the entity schema deterministically (fixed ids, fixed dates, values
 * by field type and dictionary), and every call is recorded so tests can assert what a page sent.
 */
import dayjs from 'dayjs';
import type {
  DictionaryDef,
  DictionaryOption,
  EntityDef,
  FieldDef,
  ListResult,
  OperationLogRow,
  PageBundle,
  PageDef,
  ResourceRecord,
  WorkflowDef,
} from '../../../shared/schema/types.js';
import { test } from '../../../shared/rules/evaluate.js';
import type { AccessRule } from '../../../shared/schema/types.js';
import { namesEntity } from '../../../shared/schema/pageKindTraits.js';
import type { DataProvider } from '../data/dataProvider.js';
import { callPath, type AnyContract } from '../../../shared/contracts/contract.js';
import { ruleContext, type RuntimeUser } from '../model/ruleContext.js';

export interface FixtureSchemas {
  pages: PageDef[];
  entities: EntityDef[];
  workflows: WorkflowDef[];
  dictionaries: DictionaryDef[];
}

export interface FixtureOptions {
  /** Rows each entity has (default 23: three pages of 10). */
  rows?: number;
  /** The fixed "now" every date is derived from. */
  baseDate?: string;
  /** Whose row permissions `_perm` reflects (the entity's access rules and workflow roles); default a province admin. */
  user?: RuntimeUser | null;
  /** What moduleCall answers per path (module widgets such as the person picker). */
  moduleAnswers?: Record<string, unknown>;
}

export const FIXTURE_USER: RuntimeUser = {
  userId: 'admin',
  username: 'admin',
  roleCode: '2',
  areaCode: '1101',
  roles: ['2'],
};

export interface RecordedCall {
  method: keyof DataProvider;
  args: unknown[];
}

export const FIXTURE_BASE_DATE = '2024-03-01 09:30:00';

function generatedDictionary(type: string): DictionaryOption[] {
  return [1, 2, 3].map((n) => ({ value: String(n), text: `${type}选项${n}` }));
}

export function fixtureOptions(schemas: FixtureSchemas, type: string): DictionaryOption[] {
  return schemas.dictionaries.find((d) => d.type === type)?.options ?? generatedDictionary(type);
}

function truncate(s: string, max: number | undefined): string {
  return max !== undefined && s.length > max ? s.slice(0, max) : s;
}

function valueFor(schemas: FixtureSchemas, name: string, def: FieldDef, i: number, base: dayjs.Dayjs): unknown {
  if (def.dict) {
    const opts = fixtureOptions(schemas, def.dict);
    const v = opts[(i - 1) % opts.length]?.value ?? null;
    return def.multiple ? (v === null ? [] : [v]) : v;
  }
  switch (def.type) {
    case 'string': {
      const plain = truncate(`${def.label}${i}`, def.maxLength);
      if (!def.pattern) return plain;
      // A value the field's own pattern accepts, so fixture records save as they are.
      const re = new RegExp(def.pattern);
      const candidates = [plain, `138${String(i).padStart(8, '0')}`, String(i), `user${i}@example.cn`, `A${i}`];
      return candidates.find((c) => re.test(c)) ?? plain;
    }
    case 'text':
      return truncate(`${def.label}${i}：示例文本，第一行。\n第二行。`, def.maxLength);
    case 'richtext':
      return `<h2>${def.label}${i}</h2><p>示例正文，<strong>加粗</strong>与<em>斜体</em>。</p><ul><li>要点一</li><li>要点二</li></ul>`;
    case 'integer':
      return i * 10;
    case 'number':
      return i * 1.5;
    case 'boolean':
      return i % 2 === 1;
    case 'date':
      return base.add(i, 'day').format('YYYY-MM-DD');
    case 'datetime':
      return base.add(i, 'day').format('YYYY-MM-DD HH:mm:ss');
    case 'files':
      return [
        {
          id: i * 100 + 1,
          fileName: `${name}${i}.pdf`,
          fileSize: 2048 * i,
          fileSuffix: 'pdf',
          md5: `md5-${name}-${i}`,
        },
      ];
    case 'json':
      return null;
  }
}

export function workflowOf(schemas: FixtureSchemas, entity: EntityDef): WorkflowDef | null {
  return entity.workflow ? (schemas.workflows.find((w) => w.name === entity.workflow) ?? null) : null;
}

/** Row i (1-based) of an entity: the same every run. */
export function fixtureRow(
  schemas: FixtureSchemas,
  entity: EntityDef,
  i: number,
  opts: FixtureOptions = {},
): ResourceRecord {
  const base = dayjs(opts.baseDate ?? FIXTURE_BASE_DATE);
  const workflow = workflowOf(schemas, entity);
  const row: ResourceRecord = { id: `${entity.name}-${i}`, version: 1 };
  for (const [name, def] of Object.entries(entity.fields)) row[name] = valueFor(schemas, name, def, i, base);
  row.createdAt ??= base.add(i, 'day').format('YYYY-MM-DD HH:mm:ss');
  row.updatedAt ??= base.add(i, 'day').add(1, 'hour').format('YYYY-MM-DD HH:mm:ss');
  if (workflow) {
    const status = workflow.statuses[(i - 1) % workflow.statuses.length]?.code ?? workflow.initial;
    row[workflow.field] = status;
  }
  // Permissions as the engine would compute them: role, then the rule's condition on the record.
  const user = opts.user === undefined ? FIXTURE_USER : opts.user;
  const ctx = ruleContext({ record: row, user, now: base.valueOf() });
  const allowed = (rules: AccessRule[]) =>
    Boolean(user) && rules.some((r) => r.roles.includes(user!.roleCode) && r.scope !== 'none' && test(r.when, ctx));
  const transitions =
    workflow && user
      ? workflow.transitions
          .filter(
            (t) =>
              t.actor !== 'system' &&
              t.from.includes(String(row[workflow.field])) &&
              t.roles.includes(user.roleCode) &&
              test(t.when, ctx),
          )
          .map((t) => t.action)
      : [];
  row._perm = { update: allowed(entity.access.update), delete: allowed(entity.access.delete), transitions };
  return row;
}

function indexOf(entity: EntityDef, id: string): number {
  const n = Number(id.slice(entity.name.length + 1));
  return Number.isInteger(n) && n > 0 ? n : 1;
}

function publicView(row: ResourceRecord): ResourceRecord {
  const { _perm: _drop, ...rest } = row;
  return rest as ResourceRecord;
}

export function createFixtureDataProvider(
  schemas: FixtureSchemas,
  opts: FixtureOptions = {},
): DataProvider & { calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const total = opts.rows ?? 23;
  const record = (method: keyof DataProvider, ...args: unknown[]) => {
    calls.push({ method, args });
  };
  const entityOf = (name: string): EntityDef => {
    const e = schemas.entities.find((x) => x.name === name);
    if (!e) throw new Error(`fixture: no entity ${name}`);
    return e;
  };
  const list = (name: string, page: number, pageSize: number, pub: boolean): ListResult => {
    const entity = entityOf(name);
    const from = (page - 1) * pageSize;
    const rows: ResourceRecord[] = [];
    for (let i = from + 1; i <= Math.min(total, from + pageSize); i++) {
      const row = fixtureRow(schemas, entity, i, opts);
      rows.push(pub ? publicView(row) : row);
    }
    return { list: rows, total, page, pageSize };
  };
  return {
    calls,
    async getPage(id) {
      record('getPage', id);
      const page = schemas.pages.find((p) => p.id === id);
      if (!page) throw new Error(`页面不存在：${id}`);
      if (!namesEntity(page))
        return {
          page,
          entity: {
            name: page.kind,
            label: page.title,
            fields: {},
            access: { read: [], create: [], update: [], delete: [] },
          },
          workflow: null,
        };
      const entity = entityOf(page.entity);
      return { page, entity, workflow: workflowOf(schemas, entity) } satisfies PageBundle;
    },
    async getList(name, req) {
      record('getList', name, req);
      return list(name, req.page, req.pageSize, false);
    },
    async getPublicList(name, req) {
      record('getPublicList', name, req);
      return list(name, req.page, req.pageSize, true);
    },
    async getOne(name, id) {
      record('getOne', name, id);
      const e = entityOf(name);
      return fixtureRow(schemas, e, indexOf(e, id), opts);
    },
    async getPublicOne(name, id) {
      record('getPublicOne', name, id);
      const e = entityOf(name);
      return publicView(fixtureRow(schemas, e, indexOf(e, id), opts));
    },
    async save(name, body) {
      record('save', name, body);
      const id = typeof body.id === 'string' ? body.id : `${name}-new`;
      return { ...body, id, version: (typeof body.version === 'number' ? body.version : 0) + 1 } as ResourceRecord;
    },
    async remove(name, ids) {
      record('remove', name, ids);
      return null;
    },
    async transition(name, req) {
      record('transition', name, req);
      const e = entityOf(name);
      return { ...fixtureRow(schemas, e, indexOf(e, req.id), opts), version: (req.version ?? 1) + 1 };
    },
    async getLog(name, id) {
      record('getLog', name, id);
      const e = entityOf(name);
      const wf = workflowOf(schemas, e);
      const base = dayjs(opts.baseDate ?? FIXTURE_BASE_DATE);
      const rows: OperationLogRow[] = [
        {
          id: `${id}-log-1`,
          action: 'create',
          actionLabel: '新增',
          toStatus: wf?.initial ?? null,
          userName: '管理员',
          roleCode: '2',
          createdAt: base.format('YYYY-MM-DD HH:mm:ss'),
        },
      ];
      const t = wf?.transitions.find((x) => x.actor !== 'system');
      if (t)
        rows.push({
          id: `${id}-log-2`,
          action: t.action,
          fromStatus: t.from[0],
          toStatus: t.to,
          comment: '同意',
          userName: '管理员',
          roleCode: '2',
          createdAt: base.add(1, 'day').format('YYYY-MM-DD HH:mm:ss'),
        });
      const [field, def] = Object.entries(e.fields).find(([, d]) => d.type === 'string' && !d.readOnly) ?? [];
      if (field && def)
        rows.push({
          id: `${id}-log-3`,
          action: 'update',
          actionLabel: '修改',
          userName: '管理员',
          roleCode: '2',
          createdAt: base.add(2, 'day').format('YYYY-MM-DD HH:mm:ss'),
          changes: [{ field, label: def.label, from: `${def.label}（原）`, to: `${def.label}（新）` }],
        });
      return rows;
    },
    async exportFile(name, req) {
      record('exportFile', name, req);
    },
    async importFile(name, req) {
      record('importFile', name, req);
      return { total: 0, created: 0, rejected: [] };
    },
    async importTemplate(name, pageId) {
      record('importTemplate', name, pageId);
    },
    async getWorkflow(name) {
      record('getWorkflow', name);
      const w = schemas.workflows.find((x) => x.name === name);
      if (!w) throw new Error(`fixture: no workflow ${name}`);
      return w;
    },
    async getDictionary(type, anonymous) {
      record('getDictionary', type, anonymous);
      return fixtureOptions(schemas, type);
    },
    async getDictionaryVersions() {
      record('getDictionaryVersions');
      return {};
    },
    async downloadFile(file) {
      record('downloadFile', file);
    },
    async download(path) {
      record('download', path);
    },
    async moduleCall(call: AnyContract | string, body: unknown) {
      const path = callPath(call);
      record('moduleCall', path, body);
      return (opts.moduleAnswers?.[path] ?? null) as never;
    },
    async getDashboard(pageId) {
      record('getDashboard', pageId);
      const page = schemas.pages.find((p) => p.id === pageId);
      if (page?.kind !== 'dashboard') return [];
      // Every block shown with figures 1, 2, ... and two rows with an id, a title and stage 2.
      return page.blocks.map((b, i) =>
        b.type === 'list'
          ? {
              count: 2,
              rows: [1, 2].map((n) => ({
                id: `${i}-${n}`,
                status: '1',
                _title: `${b.title}${n}`,
                ...(b.fields ? { [b.fields.title]: `${b.title}${n}` } : {}),
                ...(b.fields?.stage ? { [b.fields.stage]: 2 } : {}),
                ...(b.fields?.deadline ? { [b.fields.deadline]: '2026-01-20 18:00:00' } : {}),
                ...(b.fields?.date ? { [b.fields.date]: '2026-01-10 09:00:00' } : {}),
              })),
            }
          : { items: (b.items ?? []).map((_x, j) => j + 1) },
      );
    },
  };
}

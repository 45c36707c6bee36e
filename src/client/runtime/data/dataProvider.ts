/**
 * Every network call of the runtime, in one interface (react-admin's data-provider idea). Pages,
 * widgets and the dictionary cache call this and nothing else, so a test hands the runtime a fixture
 * provider through React context and the page renders without a server.
 */
import { appBase } from '../../api/appBase.js';
import { PAGE_SCHEMA_CALL, takePageSchema } from '../../api/pageSchemaEarly.js';
import { changing } from '../dataChanged.js';
import { callPath, type AnswerOf, type AnyContract, type RequestOf } from '../../../shared/contracts/contract.js';
import { workbenchCalls } from '../../../shared/contracts/workbench.js';
import type {
  DashboardBlockData, DictionaryOption, ImportReport, ListRequest, ListResult, OperationLogRow, PageBundle, ResourceRecord, WorkflowDef,
} from '../../../shared/schema/types.js';

export interface TransitionRequest {
  id: string;
  action: string;
  version?: number;
  comment?: string;
}

/** silent: no toast from the request layer; the caller tells the user. */
export interface CallQuiet { silent?: boolean }

export type DictionaryVersions = Record<string, string | number>;

export interface DataProvider {
  /** Page schema with its entity and workflow: POST /api/schema/page {id}. */
  getPage(id: string): Promise<PageBundle>;
  getList(entity: string, req: ListRequest): Promise<ListResult>;
  getOne(entity: string, id: string): Promise<ResourceRecord>;
  /** Create (no id) or update (id + version). Silent: the caller shows a refusal itself (a form puts field messages on its fields). */
  save(entity: string, body: Record<string, unknown>, options?: CallQuiet): Promise<ResourceRecord>;
  remove(entity: string, ids: string[]): Promise<unknown>;
  transition(entity: string, req: TransitionRequest, options?: CallQuiet): Promise<ResourceRecord>;
  getLog(entity: string, id: string): Promise<OperationLogRow[]>;
  /** Downloads the list as a file (the browser saves it). */
  /** The list as a file: an .xlsx workbook, or CSV when the page's export action asks for it. */
  exportFile(
    entity: string,
    req: Pick<ListRequest, 'filters' | 'sort' | 'pageId'> & { format?: 'xlsx' | 'csv' },
  ): Promise<void>;
  /** Creates records from an xlsx file (base64) through a list page's import action; answers the row report. */
  importFile(entity: string, req: { pageId: string; fileName: string; content: string }): Promise<ImportReport>;
  /** Downloads the empty xlsx whose header row the import reads. */
  importTemplate(entity: string, pageId: string): Promise<void>;
  getPublicList(entity: string, req: ListRequest): Promise<ListResult>;
  getPublicOne(entity: string, id: string): Promise<ResourceRecord>;
  getWorkflow(name: string): Promise<WorkflowDef>;
  /** Options of a dictionary type, from the anonymous endpoint when nobody is logged in. */
  getDictionary(type: string, anonymous: boolean): Promise<DictionaryOption[]>;
  /** Current version of every dictionary type, so a browser can drop a stale cached one. */
  getDictionaryVersions(): Promise<DictionaryVersions>;
  /** Saves one stored file (GET /api/file/download?id=). */
  downloadFile(file: FileRefLike): Promise<void>;
  /**
   * A call of a module's contract (src/shared/contracts/): POST /api/<path>, the body and the answer
   * (the envelope's data) typed by the contract the server module registers its route from.
   */
  moduleCall<C extends AnyContract>(contract: C, body: RequestOf<C>): Promise<AnswerOf<C>>;
  /**
   * A module endpoint by its path (POST /api/<path>): one a schema names (a ranking's, a lookup's),
   * or a widget's whose module has no contract yet; the answer's type is the caller's word.
   */
  moduleCall<T>(path: string, body: unknown): Promise<T>;
  /** Saves the file a module endpoint answers (GET /api/<path>, e.g. meeting/exportAttendees?id=3; POST with an optional body). */
  download(path: string, method?: 'GET' | 'POST', body?: unknown): Promise<void>;
  /** A dashboard's figures and rows for the user, one entry per block (null: another role's). */
  getDashboard(pageId: string): Promise<(DashboardBlockData | null)[]>;
}

/** What a `files` field holds for each file (the file service's FileRef). */
export interface FileRefLike {
  id: number | string;
  fileName: string;
  fileSize?: number;
  fileSuffix?: string;
  md5?: string;
}

/** Link target of a stored file, for the href of a download link (the click goes through downloadFile). */
export function fileDownloadPath(id: number | string): string {
  return `${appBase()}api/file/download?id=${encodeURIComponent(String(id))}`;
}

/** The part of the request layer (src/client/api/http.ts) the provider uses. */
export interface HttpLike {
  post<T = unknown>(path: string, body?: unknown, options?: { silent?: boolean; loading?: boolean; params?: Record<string, unknown> }): Promise<T>;
  /** A public read by GET (cacheable by the browser), the body sent as query parameters. */
  read<T = unknown>(path: string, body: Record<string, unknown>, options?: { silent?: boolean }): Promise<T>;
  download(path: string, options?: { method?: 'GET' | 'POST'; body?: unknown; fileName?: string; params?: Record<string, unknown> }): Promise<unknown>;
}

/** Dictionary answers name their fields text|name and value|id (SPEC §3); the runtime uses text/value. */
export function normaliseOptions(raw: unknown): DictionaryOption[] {
  const list = Array.isArray(raw) ? raw : Array.isArray((raw as { list?: unknown })?.list) ? (raw as { list: unknown[] }).list : [];
  return list.flatMap((o) => {
    if (!o || typeof o !== 'object') return [];
    const r = o as Record<string, unknown>;
    const value = r.value ?? r.id;
    const text = r.text ?? r.name ?? r.label;
    if (value === undefined || value === null) return [];
    const opt: DictionaryOption = { value: String(value), text: String(text ?? value) };
    if (typeof r.color === 'string' && r.color) opt.color = r.color;
    return [opt];
  });
}

function logRows(raw: unknown): OperationLogRow[] {
  if (Array.isArray(raw)) return raw as OperationLogRow[];
  const list = (raw as { list?: unknown })?.list;
  return Array.isArray(list) ? (list as OperationLogRow[]) : [];
}

const seg = (name: string) => encodeURIComponent(name);

export function createHttpDataProvider(http: HttpLike): DataProvider {
  /** A module's call the provider makes itself, typed by its contract. */
  const call = <C extends AnyContract>(c: C, body: RequestOf<C>) => http.post<AnswerOf<C>>(c.path, body);
  return {
    // The shell may have asked for it already, while this runtime was loading (SchemaPageHost).
    getPage: (id) => takePageSchema<PageBundle>(id) ?? http.post<PageBundle>('schema/page', { id }, PAGE_SCHEMA_CALL),
    getList: (entity, req) => http.post<ListResult>(`resource/${seg(entity)}/list`, req),
    getOne: (entity, id) => http.post<ResourceRecord>(`resource/${seg(entity)}/get`, { id }),
    // Writes say that data changed, so the counts on screen (menu badges) are read again.
    save: (entity, body, options) =>
      changing(http.post<ResourceRecord>(`resource/${seg(entity)}/save`, body, options)),
    remove: (entity, ids) => changing(http.post(`resource/${seg(entity)}/delete`, { ids })),
    transition: (entity, req, options) =>
      changing(http.post<ResourceRecord>(`resource/${seg(entity)}/transition`, req, options)),
    getLog: async (entity, id) => logRows(await http.post(`resource/${seg(entity)}/log`, { id })),
    exportFile: async (entity, req) => {
      await http.download(`resource/${seg(entity)}/export`, {
        method: 'POST',
        body: {
          ...(req.pageId ? { pageId: req.pageId } : {}),
          filters: req.filters ?? [],
          ...(req.sort ? { sort: req.sort } : {}),
          ...(req.format ? { format: req.format } : {}),
        },
      });
    },
    importFile: (entity, req) => changing(http.post<ImportReport>(`resource/${seg(entity)}/import`, req)),
    importTemplate: async (entity, pageId) => {
      await http.download(`resource/${seg(entity)}/importTemplate`, { method: 'POST', body: { pageId } });
    },
    getPublicList: (entity, req) => http.read<ListResult>(`public/${seg(entity)}/list`, { ...req }),
    // The page says it itself (内容不存在或已撤下) when the record is not there: no toast over it.
    getPublicOne: (entity, id) => http.read<ResourceRecord>(`public/${seg(entity)}/get`, { id }, { silent: true }),
    getWorkflow: (name) => http.post<WorkflowDef>('workflow/get', { name }),
    getDictionary: async (type, anonymous) =>
      normaliseOptions(await http.post(anonymous ? 'home/getDicListByType' : 'dic/getDicListByType', {}, { params: { type } })),
    // Background check: a failure must not toast over the page the user is reading.
    getDictionaryVersions: async () => (await http.post<DictionaryVersions>('dic/versions', {}, { silent: true })) ?? {},
    downloadFile: async (file) => {
      await http.download('file/download', { method: 'GET', params: { id: file.id }, fileName: file.fileName });
    },
    moduleCall: ((call: AnyContract | string, body: unknown) =>
      http.post(callPath(call), body, { silent: true })) as DataProvider['moduleCall'],
    download: async (path, method = 'GET', body) => {
      await http.download(path, { method, ...(body === undefined ? {} : { body }) });
    },
    getDashboard: async (pageId) => (await call(workbenchCalls.data, { pageId }))?.blocks ?? [],
  };
}

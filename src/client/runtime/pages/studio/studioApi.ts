/** The schema studio's calls (/api/studio/*), through the runtime's one data layer. */
import type { JsonSchema } from '../../../../shared/schema/metaSchemaAt.js';
import type { DataProvider } from '../../data/dataProvider.js';

export interface TreeItem {
  key: string;
  kind: string;
  group: string;
  title: string;
  usedBy: string[];
}
export interface Problem {
  file: string;
  path: string;
  message: string;
}
export interface Change {
  path: string;
  before?: unknown;
  after?: unknown;
}
export interface Version {
  id: number;
  key: string;
  action: 'file' | 'publish' | 'rollback';
  reason: string | null;
  diff: Change[] | null;
  rolledBackTo: number | null;
  userName: string | null;
  createdAt: number;
}
export interface Orphan {
  entity: string;
  what: 'field' | 'status' | 'option';
  name: string;
  records: number;
  message: string;
}

export function studioApi(dp: DataProvider) {
  return {
    tree: () => dp.moduleCall<{ items: TreeItem[] }>('studio/tree', {}),
    get: (key: string) =>
      dp.moduleCall<{ key: string; file: string; content: string; meta: JsonSchema | null; versions: Version[] }>(
        'studio/get',
        { key },
      ),
    check: (key: string, content: string) =>
      dp.moduleCall<{ problems: Problem[]; changes: Change[] }>('studio/check', { key, content }),
    publish: (key: string, content: string, reason: string, confirm: boolean) =>
      dp.moduleCall<{ id: number }>('studio/publish', { key, content, reason, confirm }),
    rollback: (versionId: number, confirm: boolean) =>
      dp.moduleCall<{ id: number }>('studio/rollback', { versionId, confirm }),
  };
}

export type StudioApi = ReturnType<typeof studioApi>;

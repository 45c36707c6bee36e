/** The schema studio's calls (/api/studio/*), through the runtime's one data layer, typed by their contract. */
import { studioCalls } from '../../../../shared/contracts/studio.js';
import type { DataProvider } from '../../data/dataProvider.js';

export type {
  AccessDiff,
  Change,
  Orphan,
  OutlineChange,
  Problem,
  Proposal,
  TreeItem,
  Version,
} from '../../../../shared/contracts/studio.js';

export function studioApi(dp: DataProvider) {
  return {
    tree: () => dp.moduleCall(studioCalls.tree, {}),
    get: (key: string) => dp.moduleCall(studioCalls.get, { key }),
    check: (key: string, content: string) => dp.moduleCall(studioCalls.check, { key, content }),
    dryRun: (key: string, content: string) => dp.moduleCall(studioCalls.dryRun, { key, content }),
    publish: (key: string, content: string, reason: string, confirm: boolean) =>
      dp.moduleCall(studioCalls.publish, { key, content, reason, confirm }),
    rollback: (versionId: number, confirm: boolean) => dp.moduleCall(studioCalls.rollback, { versionId, confirm }),
    proposals: (status?: 'pending' | 'approved' | 'rejected') => dp.moduleCall(studioCalls.proposals, { status }),
    approve: (id: number, comment?: string) => dp.moduleCall(studioCalls.approve, { id, comment }),
    reject: (id: number, comment: string) => dp.moduleCall(studioCalls.reject, { id, comment }),
  };
}

export type StudioApi = ReturnType<typeof studioApi>;

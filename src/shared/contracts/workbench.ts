/**
 * The workbench module's call (src/server/modules/workbench/workbenchRoutes.ts serves it, the
 * runtime's dashboards make it through the data provider): a dashboard page's figures and rows
 * for the logged-in user, one entry per block (null: another role's block).
 */
import type { DashboardBlockData } from '../schema/types.js';
import { contract } from './contract.js';

export const workbenchCalls = {
  data: contract<{ pageId: string }, { blocks: (DashboardBlockData | null)[] }>('workbench/data'),
} as const;

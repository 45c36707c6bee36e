/** Typed calls of the platform API (SPEC §7) that the shell makes. */
import { contractCall } from '../api/contractCall.js';
import { systemCalls } from '../../shared/contracts/system.js';

export type { SiteFooter, SubSystemInfo, SystemSettings } from '../../shared/contracts/system.js';

export const platformApi = {
  querySysName: () => contractCall(systemCalls.siteSettings, {}, { silent: true, loading: false }),
  listSubSystems: () => contractCall(systemCalls.subSystems, {}, { silent: true, loading: false }),
  menu: () => contractCall(systemCalls.menu, {}),
  counts: () => contractCall(systemCalls.counts, {}, { silent: true, loading: false }),
  /** Signs in to the app with an SSO ticket, as the role `engName` (default: the user's first role). */
  sysLogin: (tgt: string | null, engName?: string | null) =>
    contractCall(systemCalls.login, { ...(tgt ? { tgt } : {}), ...(engName ? { engName } : {}) }),
  sysLogout: () => contractCall(systemCalls.logout, {}, { silent: true, loading: false, gate: false }),
  /** Switches the session's sub-system (optionally as the user's default) and/or saves the tour flag. */
  saveDefaultNavigation: (body: { defaultSystem?: number; setDefault?: 0 | 1; remindAgain?: 0 | 1 }) =>
    contractCall(systemCalls.saveDefaultNavigation, body),
};

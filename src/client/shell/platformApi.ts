/** Typed calls of the platform API (SPEC §7) that the shell makes. */
import { http } from '../api/http.js';
import type { UserInfo } from '../api/session.js';
import type { MenuCounts, ServerMenuNode } from './menuTree.js';

export interface SiteFooter {
  organiser?: string;
  host?: string;
  support?: string;
  version?: string;
  policeFiling?: string;
  siteRegistration?: string;
  supportPhone?: string;
}

/** basicInfoMaintain/querySysName */
export interface SystemSettings {
  systemName: string;
  reviewType?: string;
  /** 0: the review stage 成果鉴定评审 is not offered (the runtime's dictionary flag). */
  isTopicAppraisal?: 0 | 1;
  logImage?: string;
  footer?: SiteFooter;
}

/** basicInfoMaintain/listBasicInfoMaintain item (SPEC §3 sub-system info). */
export interface SubSystemInfo {
  id: number;
  code?: string;
  systemName: string;
  organize?: string;
  defaultFlag: number;
  remindAgain: number;
  /** 1 for the sub-system of the current session. */
  current?: number;
}

export const platformApi = {
  querySysName: () => http.post<SystemSettings>('basicInfoMaintain/querySysName', {}, { silent: true, loading: false }),
  listSubSystems: () =>
    http.post<SubSystemInfo[]>('basicInfoMaintain/listBasicInfoMaintain', {}, { silent: true, loading: false }),
  menu: () => http.post<ServerMenuNode[]>('home/queryMenuList', {}),
  counts: () => http.post<MenuCounts>('tTopicMeetings/selectMeetingNoBack', {}, { silent: true, loading: false }),
  /** Signs in to the app with an SSO ticket, as the role `engName` (default: the user's first role). */
  sysLogin: (tgt: string | null, engName?: string | null) =>
    http.post<UserInfo>('sys/login', { ...(tgt ? { tgt } : {}), ...(engName ? { engName } : {}) }),
  sysLogout: () => http.post<null>('sys/logout', {}, { silent: true, loading: false, gate: false }),
  /** Switches the session's sub-system (optionally as the user's default) and/or saves the tour flag. */
  saveDefaultNavigation: (body: { defaultSystem?: number; setDefault?: 0 | 1; remindAgain?: 0 | 1 }) =>
    http.post<null>('sys/saveDefaultNavigation', body),
};

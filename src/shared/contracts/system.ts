/**
 * The system module's calls the shell and the forms make (SPEC §7; src/server/modules/system/
 * systemRoutes.ts and users/passwordRoutes.ts serve them): sign-in into the app and out, the site's
 * settings, sub-systems and the switch between them, the menu with its counts, the user's own
 * profile and the password change a reset asks for. Dictionaries (dic/*, home/getDicListByType,
 * categoryDict/*) belong to the runtime's data layer, which asks them by type in the query string.
 */
import type { MenuNode } from '../schema/types.js';
import { contract } from './contract.js';

type Empty = Record<string, never>;

export interface SiteFooter {
  organiser?: string;
  host?: string;
  support?: string;
  version?: string;
  policeFiling?: string;
  siteRegistration?: string;
  supportPhone?: string;
}

/** The site's settings with what an administrator changed laid over them. */
export interface SystemSettings {
  systemName: string;
  reviewType?: string;
  /** 0: the review stage 成果鉴定评审 is not offered (the runtime's dictionary flag). */
  isTopicAppraisal?: 0 | 1;
  logImage?: string;
  footer?: SiteFooter;
  organize?: string;
}

/** A sub-system (SPEC §3 sub-system info), with the caller's flags. */
export interface SubSystemInfo {
  id: number;
  code?: string;
  systemName: string;
  organize?: string;
  /** 1 for the user's default (their own choice, else the system's). */
  defaultFlag: number;
  remindAgain: number;
  /** 1 for the sub-system of the current session. */
  current?: number;
}

/** A menu entry for the client: its badge's number filled in from the counts. */
export interface MenuEntry {
  name: string;
  code?: string;
  path: string;
  icon?: string;
  invisible?: boolean;
  num?: number;
  /** What the number counts when it is not the page's own list (e.g. 待办): settings.json counts label. */
  numLabel?: string;
  children?: MenuEntry[];
}

/** SPEC §3 counts object: one number per badge. */
export type MenuCounts = Record<NonNullable<MenuNode['badge']>, number>;

export type RoleInfo = { roleCode: string; roleName: string; engName: string };

/** The user as sys/login answers it (SPEC §3): ID number and mobile masked. */
export type SignedIn = {
  userId: number;
  username: string;
  realName: string;
  roleCode: string;
  roleName: string;
  engName: string;
  roleList: RoleInfo[];
  headImg: string;
  /** App token sent as Authorization. */
  token: string;
  /** CSRF token echoed by state-changing calls. */
  csrfToken: string;
  isAdmin: boolean;
  idCardNo: string;
  mobile: string;
  areaCode: string | null;
  areaName: string | null;
  orgName: string | null;
  subSystemId: number | null;
  subSystemName: string | null;
};

/** The signed-in user's own record, unmasked, for the forms that prefill it ({"var": "profile.mobile"}). */
export type Profile = {
  realName: string | null;
  gender: string | null;
  orgName: string | null;
  idCardNo: string | null;
  mobile: string | null;
};

export const systemCalls = {
  /** Without a ticket: a role or sub-system switch of the caller's own session. */
  login: contract<{ tgt?: string; engName?: string }, SignedIn>('sys/login'),
  logout: contract<Empty, null>('sys/logout'),
  profile: contract<Empty, Profile>('sys/myProfile'),
  /** defaultSystem: a sub-system id, as a number or its digits. */
  saveDefaultNavigation: contract<{ defaultSystem?: number | string; setDefault?: 0 | 1; remindAgain?: 0 | 1 }, null>(
    'sys/saveDefaultNavigation',
    { write: true },
  ),
  changePassword: contract<{ tgt: string; oldPassword: string; newPassword: string }, null>('sys/changePassword', {
    write: true,
  }),
  subSystems: contract<Empty, SubSystemInfo[]>('basicInfoMaintain/listBasicInfoMaintain'),
  siteSettings: contract<Empty, SystemSettings>('basicInfoMaintain/querySysName'),
  menu: contract<Empty, MenuEntry[]>('home/queryMenuList'),
  counts: contract<Empty, MenuCounts>('tTopicMeetings/selectMeetingNoBack'),
} as const;

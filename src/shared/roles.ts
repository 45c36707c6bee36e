import { PAGE_KIND_TRAITS } from './schema/generated/pageKindTraits.js';

/** Role codes of SPEC §6. */
export const ROLE = {
  superAdmin: '1',
  provinceAdmin: '2',
  cityAdmin: '3',
  leader: '4',
  expert: '5',
  /** 配置管理员: changes the schemas in the schema studio (表单设计). */
  analyst: '6',
} as const;

export type RoleCode = (typeof ROLE)[keyof typeof ROLE];

export const ROLE_NAMES: Record<RoleCode, string> = {
  '1': '超级管理员',
  '2': '省级管理员',
  '3': '市级管理员',
  '4': '课题负责人',
  '5': '评审专家',
  '6': '配置管理员',
};

/** English names used as `engName` when choosing a role (SPEC §3 roleList.engName). */
export const ROLE_ENG_NAMES: Record<RoleCode, string> = {
  '1': 'SUPER',
  '2': 'PROVINCE',
  '3': 'CITY',
  '4': 'FZR',
  '5': 'ZJ',
  '6': 'PZGL',
};

/** Who may use the schema studio: the roles its page kind declares (src/client/runtime/pages/studio/kind.json). */
export const STUDIO_ROLES: readonly RoleCode[] = PAGE_KIND_TRAITS.studio.roles;

export const ADMIN_ROLES: readonly RoleCode[] = ['1', '2', '3'];

export function isAdminRole(code: string | null | undefined): boolean {
  return ADMIN_ROLES.includes(code as RoleCode);
}

/** Role codes 0, 4 and 5 see topic management with applicant wording (SPEC §6). */
export function usesApplicantWording(code: string | null | undefined): boolean {
  return code === '0' || code === '4' || code === '5';
}

export function roleCodeFromEngName(engName: string | null | undefined): RoleCode | undefined {
  const hit = (Object.entries(ROLE_ENG_NAMES) as [RoleCode, string][]).find(([, e]) => e === engName);
  return hit?.[0];
}

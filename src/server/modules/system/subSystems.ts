import type { Db } from '../../platform/db/tables.js';

export interface SubSystemRow {
  id: number;
  code: string;
  systemName: string;
  organize: string;
  defaultFlag: number;
}

export async function listSubSystems(db: Db): Promise<SubSystemRow[]> {
  const rows = await db
    .selectFrom('sub_systems')
    .select(['id', 'code', 'system_name', 'organize', 'default_flag'])
    .orderBy('sort_no')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    code: r.code,
    systemName: r.system_name,
    organize: r.organize,
    defaultFlag: Number(r.default_flag),
  }));
}

/** The user's default: their own choice when still there, else the one flagged default, else the first. */
export function userDefaultSubSystem(
  all: SubSystemRow[],
  userDefaultId: number | null | undefined,
): SubSystemRow | undefined {
  return all.find((s) => s.id === Number(userDefaultId)) ?? all.find((s) => s.defaultFlag === 1) ?? all[0];
}

/** Where a sign-in lands: the sub-system last switched to, else the user's default. */
export function landingSubSystem(
  all: SubSystemRow[],
  user: { current_sub_system_id?: unknown; default_sub_system_id?: unknown },
): SubSystemRow | undefined {
  return (
    all.find((s) => s.id === Number(user.current_sub_system_id)) ??
    userDefaultSubSystem(all, user.default_sub_system_id as number | null)
  );
}

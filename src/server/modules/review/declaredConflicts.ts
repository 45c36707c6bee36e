import type { AppContext } from '../../platform/AppContext.js';
import type { RecordStore } from '../../platform/records/RecordStore.js';
import type { AllocExpert, DeclaredConflict } from './conflicts.js';
import { entityOf, listAll, storeOf } from './reviewData.js';

/**
 * Gives each expert the conflicts they declared on records of this kind in any batch, so the
 * allocator, the allocation page and a replacement all exclude them (conflicts.ts: 'declared').
 */
export async function attachDeclared(
  ctx: AppContext,
  experts: AllocExpert[],
  targetEntity: string,
  store: RecordStore = storeOf(ctx),
): Promise<AllocExpert[]> {
  const rows = await listAll(
    store,
    entityOf(ctx, 'reviewConflict'),
    { t: 'cmp', field: 'targetEntity', op: '=', value: targetEntity },
    20000,
  );
  const byExpert = new Map<number, DeclaredConflict[]>();
  for (const r of rows) {
    const list = byExpert.get(Number(r.expertId)) ?? [];
    list.push({
      targetId: Number(r.targetId),
      name: (r.personName as string | null) ?? null,
      idCard: (r.personIdCard as string | null) ?? null,
    });
    byExpert.set(Number(r.expertId), list);
  }
  for (const e of experts) e.declared = byExpert.get(e.id) ?? [];
  return experts;
}

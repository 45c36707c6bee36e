import type { FormPageDef } from '../../../shared/schema/types.js';
import type { AppContext } from '../../platform/AppContext.js';

/** The upload form whose 所属课题 picker says which topics may carry a result. */
export const RESULT_FORM = 'results/achievement.form';

/**
 * The topic statuses that may carry a result, as the upload form's 所属课题 picker lists them (its
 * RecordSelect filter on status): one list in the schema for the options and for the server's
 * check. Null when the form names none (any of the leader's own topics).
 */
export function resultTopicStatuses(ctx: AppContext): string[] | null {
  const page = ctx.schemas.pages.get(RESULT_FORM) as FormPageDef | undefined;
  const fields = [...(page?.sections ?? []), ...(page?.steps ?? []).flatMap((s) => s.sections)].flatMap(
    (s) => s.fields,
  );
  const picker = fields.find((f) => f.field === 'topicId');
  const filters = (picker?.props as { filters?: { field: string; op: string; value: unknown }[] } | undefined)?.filters;
  const status = filters?.find((f) => f.field === 'status' && f.op === 'in');
  return Array.isArray(status?.value) ? status.value.map(String) : null;
}

import type { PageBundle, ResourceRecord } from '../../../shared/schema/types.js';
import type { FormMode } from '../model/formSchema.js';

export type Query = Record<string, string | undefined>;

/** What every page kind receives. */
export interface PageKindProps {
  bundle: PageBundle;
  mode?: FormMode;
  query: Query;
  /** Rendered inside another page (a detail tab): no frame of its own. */
  embedded?: boolean;
  /** list: equality filters fixed by the container (a detail tab's params). */
  fixed?: Record<string, unknown>;
  /** form: the record, when the container loaded it already. */
  record?: ResourceRecord | null;
  /**
   * form, article: the container asked for the record and it is not there (the server drawing a
   * missing record's page): the page says so at once, as it would once its own ask failed.
   */
  missing?: boolean;
}

import type { DictionaryOption } from '../../../shared/schema/types.js';
import type { AppContext } from '../AppContext.js';
import { existingColumns } from './entityTables.js';
import { applyDictionaryRules, type DictionaryFlags } from '../../../shared/dictionaryRules.js';
import { readSetting } from '../reference/settingsStore.js';
import type { Db } from '../db/tables.js';

/**
 * Dictionary options for validation and export labels: from the platform's dictionary table when
 * it exists (administrators may have edited it), else from the seed files under schemas/.
 */
export class DictionaryValues {
  private tableReady: Promise<boolean> | null = null;
  /** `db`: the connection to read through, e.g. a transaction's (default: the app's database). */
  constructor(
    private readonly ctx: AppContext,
    private readonly db: Db = ctx.database.db,
  ) {}

  private hasTable(): Promise<boolean> {
    this.tableReady ??= existingColumns(this.db, this.ctx.database.dialect, 'dictionary_items')
      .then((cols) => Boolean(cols?.has('value') && cols.has('text')))
      .catch(() => false);
    return this.tableReady;
  }

  async options(type: string): Promise<DictionaryOption[]> {
    if (await this.hasTable()) {
      const rows = await this.db
        .selectFrom('dictionary_items')
        .select(['value', 'text', 'color'])
        .where('type', '=', type)
        .orderBy('sort_no')
        .execute();
      if (rows.length)
        return rows.map((r) => ({
          value: String(r.value),
          text: String(r.text),
          ...(r.color ? { color: String(r.color) } : {}),
        }));
    }
    return this.ctx.schemas.dictionaries.get(type)?.options ?? [];
  }

  /**
   * The options a save may choose: the dictionary narrowed by the site's flags, as the forms offer
   * it (SPEC §5: no review stage 4 without result appraisal). Labels still read every option.
   */
  async choosable(type: string): Promise<DictionaryOption[]> {
    const site = await readSetting<DictionaryFlags>(this.db, 'site').catch(() => null);
    return applyDictionaryRules(type, await this.options(type), { isTopicAppraisal: site?.isTopicAppraisal });
  }

  /** value → text of one type, for labels. */
  async labels(type: string): Promise<Map<string, string>> {
    return new Map((await this.options(type)).map((o) => [o.value, o.text]));
  }
}

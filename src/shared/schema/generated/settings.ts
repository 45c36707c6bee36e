/**
 * Generated from schemas/meta/settings.schema.json
 * by npm run schemas:generate: edit the source, then regenerate. Do not edit by hand.
 */
import type { Rule } from '../../rules/Rule.js';

/**
 * schemas/settings.json: the site's settings (SPEC §3 system settings and footer), the watch-duty shifts, and the counts: every badge and workbench figure as an entity and a rule.
 */
export interface SettingsDef {
  /**
   * Relative path of this meta-schema: meta/settings.schema.json
   */
  $schema?: string;
  site: SiteSettingsDef;
  /**
   * Watch-duty shifts (tKeepWatchShift/selectShiftKeyAndValue).
   */
  watchShifts?: WatchShiftDef[];
  /**
   * Count sources by key: SPEC §3's six badge keys and the workbench's figures. Each counts the records of `entity` the user may read, narrowed by `where`; 0 for other roles than `roles` and while the entity does not exist.
   */
  counts: {
    [k: string]: CountSourceDef;
  };
  [k: string]: unknown;
}
/**
 * System settings served by basicInfoMaintain/querySysName.
 */
export interface SiteSettingsDef {
  /**
   * System name in the header.
   */
  systemName: string;
  /**
   * Review type.
   */
  reviewType?: string;
  /**
   * 1: topics go through result appraisal (成果鉴定); 0: the review stage 成果鉴定评审 (psjd 4) is neither offered nor accepted (SPEC §5, src/shared/dictionaryRules.ts).
   */
  isTopicAppraisal?: 0 | 1;
  /**
   * Logo path.
   */
  logImage?: string;
  /**
   * Footer credits (SPEC §1).
   */
  footer?: {
    [k: string]: string;
  };
}
export interface WatchShiftDef {
  /**
   * Stable code.
   */
  code: string;
  /**
   * Name shown (Chinese).
   */
  name: string;
  /**
   * HH:mm.
   */
  startTime: string;
  /**
   * HH:mm (may be the next day).
   */
  endTime: string;
}
export interface CountSourceDef {
  /**
   * Entity name (may name an entity a module has not built yet).
   */
  entity: string;
  /**
   * Condition on record (and user, now, nowText 'YYYY-MM-DD HH:mm:ss', today 'YYYY-MM-DD').
   */
  where?: Rule;
  /**
   * Roles the figure is for.
   */
  roles?: string[];
  /**
   * What a menu badge of this count says it counts (e.g. 待办), for a count that is not the number of records of the page the badge sits on: a badge either agrees with its page or says what it counts.
   */
  label?: string;
}

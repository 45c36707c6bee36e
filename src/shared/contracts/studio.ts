/**
 * The schema studio's calls (src/server/modules/studio/studioRoutes.ts serves them, the studio page
 * of src/client/runtime/pages/studio/ makes them): the tree of schema files, one file with its
 * versions, the check of an edited file, publishing, rolling back and one stored version.
 */
import type { JsonChange } from '../schema/jsonDiff.js';
import type { JsonSchema } from '../schema/metaSchemaAt.js';
import type { OutlineLine } from '../schema/schemaOutline.js';
import { contract } from './contract.js';

/** One schema file in the studio's tree, with what uses it. */
export interface TreeItem {
  key: string;
  /** entities, pages, workflows, dictionaries, menus, routes, document. */
  kind: string;
  /** Pages by module (the folder of their id); others by kind. */
  group: string;
  title: string;
  /** Where it is used: "路由 /path", "页面 id", "实体 name". */
  usedBy: string[];
}

/** A problem of the edited set, as `npm run schemas:check` reports it. */
export interface Problem {
  file: string;
  path: string;
  message: string;
}

/** One changed value between two versions of a file, by JSON pointer. */
export type Change = JsonChange;

/** One stored version of one schema file, without its content. */
export interface Version {
  id: number;
  key: string;
  action: 'file' | 'publish' | 'rollback';
  reason: string | null;
  diff: Change[] | null;
  rolledBackTo: number | null;
  userId: number | null;
  userName: string | null;
  createdAt: number;
}

/** Records of one status a dry run counts. */
export interface StatusCount {
  status: string | null;
  label: string;
  /** A draft status: judged by requiredOn. */
  draft: boolean;
  records: number;
}

/**
 * What a change means for the stored data (the dry run): a removed field's values, records in a
 * removed status, values of a removed dictionary option, records the new rules would refuse (a
 * required field left empty, a text over a smaller maxLength, a kept field's value its changed
 * minimum, maximum, minLength, pattern, dictionary or type refuses), counted per status.
 */
export interface Orphan {
  entity: string;
  what: 'field' | 'status' | 'option' | 'missing' | 'tooLong' | 'invalid';
  name: string;
  records: number;
  byStatus?: StatusCount[];
  message: string;
}

/** A page whose outline (schemaOutline: the page as its readers meet it) a change alters. */
export interface OutlineChange {
  page: string;
  title: string;
  /**
   * The roles that see it (by their menus; 公众 on a public route) and meet this change: a page
   * whose parts some roles alone are shown is reported once per group of roles meeting the same lines.
   */
  roles: string[];
  /** The outline's lines that go (removed) and come (added). */
  lines: OutlineLine[];
}

export interface SchemaFile {
  key: string;
  /** Its path under schemas/. */
  file: string;
  content: string;
  /** The meta-schema of the file in one document, for the editor's completion and hover. */
  meta: JsonSchema | null;
  versions: Version[];
  /** The newest published version the server serves: the studio's cached texts of an older set are dropped. */
  published: number;
}

/** One account's records under a right, before and after a change (null: the rules cannot be counted). */
export interface AccountReach {
  username: string;
  realName: string;
  before: number | null;
  after: number | null;
}

/** One role's reach under one right of an entity, before and after. */
export interface AccessDiffRole {
  right: 'read' | 'update';
  role: string;
  roleName: string;
  /** Accounts counted (more: the role has more than were counted). */
  accounts: number;
  more: boolean;
  before: number;
  after: number;
  samples: AccountReach[];
  /** The accounts whose reach changes the most. */
  biggest: AccountReach[];
}

/** An entity's access change in numbers, against the stored data and the real accounts. */
export interface AccessDiff {
  entity: string;
  label: string;
  roles: AccessDiffRole[];
  /** The same as sentences (项目负责人 leader1：11 → 35 课题). */
  lines: string[];
}

/** A change of who may read, write or act, waiting for a super admin (not its proposer). */
export interface Proposal {
  id: number;
  key: string;
  reason: string;
  status: 'pending' | 'approved' | 'rejected';
  diff: Change[] | null;
  /** The access-bearing values that change (access, roles, actor). */
  accessChanges: Change[];
  accessDiff: AccessDiff | null;
  rolledBackTo: number | null;
  proposedBy: number;
  proposedByName: string | null;
  proposedAt: number;
  decidedByName: string | null;
  decidedAt: number | null;
  decisionComment: string | null;
  versionId: number | null;
}

/** A publish answers the new version, or, for an access change, the proposal waiting for approval. */
type Published = { id: number; orphans: Orphan[]; proposalId?: number };

export const studioCalls = {
  tree: contract<Record<string, never>, { items: TreeItem[] }>('studio/tree'),
  get: contract<{ key: string }, SchemaFile>('studio/get'),
  /** published: as SchemaFile's, so a publish made elsewhere reaches the preview as the analyst types. */
  check: contract<{ key: string; content: string }, { problems: Problem[]; changes: Change[]; published: number }>(
    'studio/check',
  ),
  /** The dry run of an edited file against the stored records, shown (and confirmed) before a publish. */
  dryRun: contract<
    { key: string; content: string },
    { problems: Problem[]; impact: Orphan[]; outlines: OutlineChange[] }
  >('studio/dryRun'),
  /** confirm: the analyst saw the orphaned data and goes ahead. */
  publish: contract<{ key: string; content: string; reason: string; confirm?: boolean }, Published>('studio/publish', {
    write: true,
  }),
  rollback: contract<{ versionId: number; reason?: string; confirm?: boolean }, Published>('studio/rollback', {
    write: true,
  }),
  version: contract<{ versionId: number }, Version & { content: string }>('studio/version'),
  proposals: contract<{ status?: 'pending' | 'approved' | 'rejected' }, { items: Proposal[] }>('studio/proposals'),
  /** Super admin only, never the proposer: publishes the proposal's content through every check. */
  approve: contract<{ id: number; comment?: string }, Published>('studio/approve', { write: true }),
  reject: contract<{ id: number; comment: string }, { id: number }>('studio/reject', { write: true }),
} as const;

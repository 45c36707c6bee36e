import type { Generated } from 'kysely';

/** The row of each fixed table (tables.ts says how they are written and checked). */

// 001_users, 003_system, 130_user_admin, 190_account_self_service
export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  real_name: Generated<string>;
  mobile: string | null;
  email: string | null;
  id_card_no: string | null;
  gender: number | null;
  area_code: string | null;
  org_name: string | null;
  head_img: string | null;
  enabled: Generated<number>;
  default_sub_system_id: number | null;
  created_at: number;
  current_sub_system_id: number | null;
  must_change_password: Generated<number>;
  approval: string | null;
  school_id: number | null;
  must_change_reason: string | null;
  title: string | null;
  email_verified: Generated<number>;
}

export interface UserRolesTable {
  user_id: number;
  role_code: string;
}

// 001_users, 192_session_devices
export interface AppSessionsTable {
  token_hash: string;
  user_id: number;
  role_code: string;
  sub_system_id: number | null;
  tgt_hash: string | null;
  csrf_token: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  user_agent: string | null;
  ip: string | null;
}

// 002_sso, 004_captcha_ip, 193_captcha_kept
export interface SsoTicketsTable {
  tgt_hash: string;
  user_id: number;
  ip: string | null;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}

export interface SsoCaptchasTable {
  id: string;
  code_hash: string;
  image: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  ip: string | null;
  kept_for: string | null;
}

export interface SsoSmsCodesTable {
  id: Generated<number>;
  mobile: string;
  code_hash: string;
  ip: string | null;
  attempts: Generated<number>;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface SsoLoginFailuresTable {
  id: Generated<number>;
  account_key: string;
  ip: string;
  failed_at: number;
}

export interface SsoLoginLocksTable {
  account_key: string;
  ip: string;
  locked_until: number;
}

// 190_account_self_service
export interface AccountCodesTable {
  id: Generated<number>;
  user_id: number | null;
  purpose: string;
  target: string;
  code_hash: string;
  ip: string | null;
  attempts: Generated<number>;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

// 003_system, 180_dictionary_type_ids
export interface SubSystemsTable {
  id: Generated<number>;
  code: string;
  system_name: string;
  organize: Generated<string>;
  default_flag: Generated<number>;
  sort_no: Generated<number>;
}

export interface UserSubSystemsTable {
  user_id: number;
  sub_system_id: number;
  remind_again: Generated<number>;
}

export interface SettingsTable {
  key: string;
  value: string;
  seed_hash: string | null;
  updated_at: number;
}

export interface DictionaryTypesTable {
  type: string;
  label: string;
  version: Generated<number>;
  seed_hash: string | null;
  updated_at: number;
  /** Numbered by the database: a sequence on PostgreSQL, a trigger on SQLite (migration 194). */
  id: Generated<number | null>;
}

export interface DictionaryItemsTable {
  type: string;
  value: string;
  text: string;
  color: string | null;
  sort_no: number;
}

export interface WatchShiftsTable {
  id: Generated<number>;
  code: string;
  name: string;
  start_time: string;
  end_time: string;
  sort_no: Generated<number>;
}

// 131_menu_items, 175_menu_seed_codes
export interface MenuItemsTable {
  id: Generated<number>;
  role_code: string;
  parent_code: string | null;
  name: string;
  code: string;
  path: string;
  icon: string | null;
  sort_no: Generated<number>;
  invisible: Generated<number>;
  badge: string | null;
  section: Generated<number>;
}

export interface MenuSeedCodesTable {
  role_code: string;
  code: string;
}

// 010_operation_log, 130_operation_log_changes
export interface OperationLogTable {
  id: Generated<number>;
  entity: string;
  record_id: number;
  action: string;
  action_label: string;
  from_status: string | null;
  to_status: string | null;
  comment: string | null;
  user_id: number | null;
  user_name: string | null;
  role_code: string | null;
  created_at: number;
  changes: string | null;
}

// 020_files, 170_conversion_jobs
export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: number;
}

export interface FileBlobsTable {
  md5: string;
  size: number;
  storage_key: string;
  kind: string;
  complete: Generated<number>;
  created_at: number;
}

export interface UploadSessionsTable {
  context_id: string;
  user_id: number;
  md5: string;
  chunks: number;
  chunk_size: number;
  file_size: number | null;
  file_ext: string;
  belong_type: string | null;
  status: string;
  created_at: number;
  updated_at: number;
  expires_at: number;
}

export interface UploadChunksTable {
  context_id: string;
  chunk_index: number;
  size: number;
  md5: string;
}

export interface FilesTable {
  id: Generated<number>;
  owner_user_id: number;
  md5: string;
  original_file_name: string;
  file_suffix: string;
  file_size: number;
  belong_type: string;
  belong_id: number | null;
  context_id: string;
  created_at: number;
}

export interface FileBindingsTable {
  file_id: number;
  entity: string;
  record_id: number;
  field: Generated<string>;
  created_at: number;
}

export interface ConversionJobsTable {
  md5: string;
  target: string;
  source_ext: string;
  state: string;
  attempts: Generated<number>;
  next_at: number;
  output_key: string | null;
  output_size: number | null;
  error: string | null;
  created_at: number;
  updated_at: number;
}

// 120_notifications, 163_notification_channels
export interface NotificationTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  title: string;
  body: string | null;
  link: string | null;
  read_at: number | null;
  created_at: number;
}

export interface NotificationPreferenceTable {
  user_id: number;
  kind: string;
  channel: string;
  enabled: number;
}

export interface ReminderSentTable {
  kind: string;
  deadline_key: string;
  user_id: number;
  sent_at: number;
}

// 140_job_lease
export interface JobLeaseTable {
  name: string;
  holder: string;
  expires_at: number;
}

// 160_schema_versions, 190_schema_proposals, 192_schema_proposal_base
export interface SchemaVersionsTable {
  id: Generated<number>;
  schema_key: string;
  content: string;
  action: string;
  reason: string | null;
  diff: string | null;
  rolled_back_to: number | null;
  user_id: number | null;
  user_name: string | null;
  created_at: number;
}

export interface SchemaProposalsTable {
  id: Generated<number>;
  schema_key: string;
  content: string;
  reason: string;
  diff: string | null;
  access_diff: string | null;
  rolled_back_to: number | null;
  status: string;
  proposed_by: number;
  proposed_by_name: string | null;
  proposed_at: number;
  decided_by: number | null;
  decided_by_name: string | null;
  decided_at: number | null;
  decision_comment: string | null;
  version_id: number | null;
  base_hash: string | null;
}

// 191_similarity_index
export interface SimilarityDocsTable {
  id: Generated<number>;
  doc_key: string;
  entity: string;
  record_id: number;
  topic_id: number | null;
  field: string;
  label: string;
  owner_id: number | null;
  person: string | null;
  notice_id: number | null;
  content_hash: string;
  shingles: number;
  signature: Buffer;
  body: Buffer;
  first_at: number;
  indexed_at: number;
  best_score: number | null;
  best_doc_id: number | null;
  best_same_person: number | null;
}

export interface SimilarityBandsTable {
  band_key: number;
  doc_id: number;
}

export interface SimilarityQueueTable {
  entity: string;
  record_id: number;
  attempts: Generated<number>;
  next_at: number;
  error: string | null;
}

/**
 * The columns syncEntityTables gives every entity table (`rec_<entity>`), whatever its schema. A
 * field marked `column: true` adds a column of its own, named and typed by the schema at run time,
 * so those are not here; every other field lives in `data`. tables.test.ts makes an entity table
 * and holds it to this.
 */
export interface EntityRow {
  id: Generated<number>;
  version: Generated<number>;
  status: string | null;
  owner_id: number | null;
  area_code: string | null;
  created_at: number;
  updated_at: number;
  created_by: number | null;
  updated_by: number | null;
  data: Generated<string>;
}

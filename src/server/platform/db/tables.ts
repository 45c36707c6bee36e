import type { Kysely } from 'kysely';
import type {
  UsersTable,
  UserRolesTable,
  AppSessionsTable,
  SsoTicketsTable,
  SsoCaptchasTable,
  SsoSmsCodesTable,
  SsoLoginFailuresTable,
  SsoLoginLocksTable,
  AccountCodesTable,
  SubSystemsTable,
  UserSubSystemsTable,
  SettingsTable,
  DictionaryTypesTable,
  DictionaryItemsTable,
  WatchShiftsTable,
  MenuItemsTable,
  MenuSeedCodesTable,
  OperationLogTable,
  AppSecretsTable,
  FileBlobsTable,
  UploadSessionsTable,
  UploadChunksTable,
  FilesTable,
  FileBindingsTable,
  ConversionJobsTable,
  NotificationTable,
  NotificationPreferenceTable,
  ReminderSentTable,
  JobLeaseTable,
  SchemaVersionsTable,
  SchemaProposalsTable,
  SimilarityDocsTable,
  SimilarityBandsTable,
  SimilarityQueueTable,
} from './rows.js';

/**
 * The fixed tables, as the migrations in ./migrations leave them: one interface per table (rows.ts),
 * one property per column. Kept by hand beside the migrations; tables.test.ts migrates an empty database
 * and fails on any table, column, type, nullability or default that differs from what is written here.
 *
 * Vocabulary (the test reads only this): `number` (integer, bigint: times are epoch milliseconds,
 * real), `string` (varchar, text: JSON is stored as text), `Buffer` (blob, bytea), `| null` for a
 * column that may be empty, and `Generated<…>` for one the database fills when an insert leaves it
 * out (an id, or a column with a default).
 *
 * Entity tables (and their child-list and search tables) are made from the entity schemas at run
 * time, so they are not here: records/ reaches them through `EntityDb`.
 */
export interface Tables {
  users: UsersTable;
  user_roles: UserRolesTable;
  app_sessions: AppSessionsTable;
  sso_tickets: SsoTicketsTable;
  sso_captchas: SsoCaptchasTable;
  sso_sms_codes: SsoSmsCodesTable;
  sso_login_failures: SsoLoginFailuresTable;
  sso_login_locks: SsoLoginLocksTable;
  account_codes: AccountCodesTable;
  sub_systems: SubSystemsTable;
  user_sub_systems: UserSubSystemsTable;
  settings: SettingsTable;
  dictionary_types: DictionaryTypesTable;
  dictionary_items: DictionaryItemsTable;
  watch_shifts: WatchShiftsTable;
  menu_items: MenuItemsTable;
  menu_seed_codes: MenuSeedCodesTable;
  operation_log: OperationLogTable;
  app_secrets: AppSecretsTable;
  file_blobs: FileBlobsTable;
  upload_sessions: UploadSessionsTable;
  upload_chunks: UploadChunksTable;
  files: FilesTable;
  file_bindings: FileBindingsTable;
  conversion_jobs: ConversionJobsTable;
  notification: NotificationTable;
  notification_preference: NotificationPreferenceTable;
  reminder_sent: ReminderSentTable;
  job_lease: JobLeaseTable;
  schema_versions: SchemaVersionsTable;
  schema_proposals: SchemaProposalsTable;
  similarity_docs: SimilarityDocsTable;
  similarity_bands: SimilarityBandsTable;
  similarity_queue: SimilarityQueueTable;
}

/** The portal's database as the type checker knows it: the fixed tables. */
export type Db = Kysely<Tables>;

/**
 * The database with the entity tables too, whose names and columns come from the entity schemas at
 * run time: the handle of records/ and of the modules' hooks into it. A `Db` is one.
 */
export type EntityDb = Kysely<any>; // entity tables: named and shaped by JSON schemas at run time

/** The same handle, to reach an entity table by its name. */
export function entityTables(db: Db): EntityDb {
  return db;
}

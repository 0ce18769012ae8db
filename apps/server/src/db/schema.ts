import type {
  AdServer,
  ApprovalStatus,
  DynamicCodeStatus,
  PackageProcessing,
  PackageStatus,
  ProcessingState,
  ProfileStatus,
  ProfileSync,
  Status,
  UserStatus,
} from '@adstudio/contract';
import type { Generated, GeneratedAlways, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types: the database's one map, the `DB` interface that Kysely types every query with and
 * the tables it lists. One file although it is long: each table is a few lines, a table moved out
 * would still be listed here, and read together they show what joins what. Timestamps are
 * ISO-8601 UTC text and dates `YYYY-MM-DD` text on both engines, so the same queries and the same
 * sort order hold on SQLite and PostgreSQL. JSON columns are text.
 */
type Id = Generated<number>;
type Timestamps = { created_at: string; updated_at: string };
type SoftDelete = { deleted_at: string | null };

export interface CompaniesTable {
  id: Id;
  name: string;
  created_at: string;
  require_two_factor: Generated<number>;
  /** A passing QA run of a creative's current content is required before live (issue 45). */
  qa_required: Generated<number>;
  /** Days after a click within which its conversion counts (issue 46). */
  conversion_window_days: Generated<number>;
}

export interface UsersTable extends Timestamps, SoftDelete {
  id: Id;
  company_id: number;
  name: string;
  email: string;
  password_hash: string;
  avatar: string | null;
  roles: Generated<string>; // JSON string[]
  permissions: Generated<string>; // JSON string[]
  settings: Generated<string>; // JSON object
  status: Generated<UserStatus>;
  invited_at: string | null;
  deactivated_at: string | null;
  last_sign_in_at: string | null;
  /** The TOTP secret, sealed with APP_KEY; set at set-up, confirmed by a first code. */
  two_factor_secret: string | null;
  two_factor_confirmed_at: string | null;
  /** The last TOTP time step accepted: a code of it or before is not taken again. */
  two_factor_last_step: number | string | null;
  /** May sign in with a password while the company requires SSO. */
  sso_break_glass: Generated<number>;
}

/** A one-time link of a user's: an invitation or a password reset (the token's SHA-256 only). */
export interface UserLinksTable {
  id: Id;
  company_id: number;
  user_id: number;
  purpose: 'invitation' | 'reset';
  token_hash: string;
  created_by: number | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface UserRecoveryCodesTable {
  id: Id;
  user_id: number;
  code_hash: string;
  used_at: string | null;
}

/** A company's single sign-on (OpenID Connect); the client secret sealed with APP_KEY. */
export interface CompanySsoTable {
  company_id: number;
  issuer: string;
  client_id: string;
  client_secret: string;
  mode: Generated<'jit' | 'invited'>;
  default_roles: Generated<string>; // JSON string[]
  default_permissions: Generated<string>; // JSON string[]
  required: Generated<number>;
  updated_at: string;
}

export interface CompanySsoDomainsTable {
  domain: string;
  company_id: number;
}

export interface SessionsTable {
  id: string; // sha-256 of the cookie value
  user_id: number;
  xsrf_token: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string; // absolute expiry
  ip: string | null;
  user_agent: string | null;
}

/** Personal access tokens (Sanctum's model): the secret's SHA-256, abilities as JSON text. */
export interface PersonalAccessTokensTable {
  id: Id;
  company_id: number;
  user_id: number;
  name: string;
  token_hash: string;
  abilities: string; // JSON ('read' | 'write')[]
  expires_at: string;
  last_used_at: string | null;
  created_at: string;
}

export interface WebhooksTable {
  id: Id;
  company_id: number;
  url: string;
  events: string; // JSON WebhookEvent[]
  description: string | null;
  secret: string; // sealed with APP_KEY (lib/secrets.ts)
  active: Generated<number>; // 0 | 1
  failing_since: string | null;
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** Events written by triggers in the transaction of their change (migration 2026-12-01-1200). */
export interface OutboxEventsTable {
  id: Id;
  company_id: number;
  type: string;
  data: string; // JSON
  created_at: string;
  /** Its place in the order consumers read, given by the outbox once it is visible (migration 2026-12-06-1400). */
  seq: number | null;
}

/** Each outbox consumer's cursor: the last `seq` it has passed (migration 2026-12-06-1400). */
export interface OutboxCursorsTable {
  consumer: string;
  last_seq: Generated<number>;
  updated_at: string;
}

/** E-mail's events waiting for another try, copied from the outbox (migration 2026-12-06-1400). */
export interface MailRetriesTable {
  event_id: number;
  company_id: number;
  type: string;
  data: string; // JSON
  attempts: number;
  retry_at: string;
}

export interface WebhookDeliveriesTable {
  id: Id;
  company_id: number;
  webhook_id: number;
  event_id: number;
  event: string;
  body: string;
  status: Generated<'pending' | 'delivered' | 'failed'>;
  attempt: Generated<number>;
  response_status: number | null;
  ms: number | null;
  response_excerpt: string | null;
  next_attempt_at: string | null;
  created_at: string;
  delivered_at: string | null;
}

export interface LoginAttemptsTable {
  key: string;
  failures: number;
  window_started_at: string;
}

/** Rate-limit windows shared by instances, PostgreSQL only (lib/rate-limit-store.ts); `resets_at` in ms. */
export interface RateLimitHitsTable {
  key: string;
  hits: number;
  resets_at: string;
}

export interface CampaignsTable extends Timestamps, SoftDelete {
  id: Id;
  company_id: number;
  name: string;
  url: string | null;
  ranges: string; // JSON {start,end}[]
  launch_date: string | null;
  end_date: string | null;
  status: Generated<Status>;
  created_by: number | null;
  /**
   * Whole days from launch_date to end_date, null without both: generated by the database from the
   * dates (migration 2026-11-28-1000), never written. The list's duration sort.
   */
  duration: GeneratedAlways<number | null>;
}

export interface CreativesTable extends Timestamps, SoftDelete {
  id: Id;
  company_id: number;
  campaign_id: number;
  profile_id: number | null;
  name: string;
  width: number;
  height: number;
  status: Generated<Status>;
  click_url: string | null;
  rule_filter: string | null; // JSON {column, values[]}
  fallback_asset_id: number | null;
  created_by: number | null;
  /** lower(campaign's name), kept by triggers (migration 2026-11-25-1000): the campaign sort's key. */
  campaign_sort: Generated<string>;
  /** Rotation among matching rules, holdout and click id (issue 46, migration 2026-12-07-1200). */
  rotation: Generated<'rules' | 'even' | 'weighted' | 'optimized'>;
  rotation_weight_column: string | null;
  rotation_goal: Generated<'clicks' | 'conversions'>;
  holdout_percent: Generated<number>;
  click_id_param: Generated<string>;
}

export interface AssetsTable extends Timestamps, SoftDelete {
  id: Id;
  company_id: number;
  creative_id: number;
  /** Shown and renamed; starts as the uploaded file's name. */
  name: string;
  original_name: string;
  storage_key: string;
  /** Detected from the bytes. */
  content_type: string;
  size: number;
  extension: string;
  sha256: string;
  /** Pixels, for images and video (null when the file does not say). */
  width: number | null;
  height: number | null;
  /** A WebP thumbnail (images only). */
  thumbnail_key: string | null;
}

/** One processing asset: a rule's image fetched from its URL, or its rendered backup. */
export interface ProcessingAssetsTable extends Timestamps {
  id: Id;
  company_id: number;
  creative_id: number;
  rule_id: number;
  kind: string; // image | backup
  /** The feed column of an image; '' for the backup. */
  slot: string;
  /** What it is made from: the image URL, or `package:{id}` for the backup. */
  source: string;
  state: Generated<ProcessingState>;
  reason: string | null;
  storage_key: string | null;
  thumbnail_key: string | null;
  content_type: string | null;
  size: number | null;
  width: number | null;
  height: number | null;
}

export interface PackagesTable extends Timestamps {
  id: Id;
  company_id: number;
  creative_id: number;
  version: number;
  original_name: string;
  storage_key: string;
  size: number;
  notes: string | null;
  status: PackageStatus;
  created_by: number | null;
  processing: Generated<PackageProcessing>;
  processing_error: string | null;
  /** `index.html` or `folder/index.html` inside the zip. */
  entry_file: string | null;
  file_count: number | null;
  unpacked_size: number | null;
  findings: Generated<string>; // JSON PackageFinding[]
  /** Where its recorded files are (`packages/{id}/{attempt}/`); null while not ready, or legacy. */
  files_prefix: string | null;
  /** The unpack attempt running now, whose files are not live. */
  unpack_prefix: string | null;
}

/** A file of an unpack attempt, recorded once it is completely written. */
export interface PackageFilesTable {
  prefix: string;
  /** Its path in the package (relative to the zip's top folder), as render URLs name it. */
  path: string;
  size: number;
}

/** An unpack attempt that may have left files which are not live: removed once they are. */
export interface PackageUnpacksTable {
  prefix: string;
  package_id: number;
  started_at: string;
}

export interface DynamicCodesTable extends Timestamps {
  id: Id;
  company_id: number;
  creative_id: number;
  code: string;
  status: DynamicCodeStatus;
  profile_id: number | null;
  columns: Generated<string>; // JSON string[]: the profile columns it was generated from
  generated_at: string | null;
}

export interface ProfileTemplatesTable extends Timestamps, SoftDelete {
  id: Id;
  company_id: number;
  name: string;
  columns: string; // JSON {name,type,required}[]
}

export interface ProfilesTable extends Timestamps, SoftDelete {
  id: Id;
  company_id: number;
  template_id: number | null;
  name: string;
  source: Generated<string>; // gsheet | upload | url
  url: string | null;
  gsheet_id: string | null;
  file_key: string | null; // source upload: where the file is kept
  file_name: string | null;
  ranges: string; // JSON string[] of A1 ranges
  schedule: string | null; // hourly | every N hours | daily at HH:MM (UTC)
  next_sync_at: string | null;
  status: ProfileStatus;
  sync_error: string | null;
  sync_id: number | null; // the sync running or last run
  columns: Generated<string>; // JSON string[]: the feed's header as of the last good sync
  rows_total: Generated<number>;
  rows_processed: Generated<number>;
  rows_active: Generated<number>;
  rows_with_errors: Generated<number>;
  warnings_total: Generated<number>;
  rules_live: Generated<number>; // rules the feed has now (not ended): positions 1..rules_live
  rules_deleted: Generated<number>; // raised by each statement deleting its rules (migration 2026-12-07-1620)
  synced_at: string | null;
}

export interface ProfileRulesTable extends Timestamps {
  id: Id;
  company_id: number;
  profile_id: number;
  position: number;
  unique_id: string;
  reporting_label: Generated<string>;
  is_default: Generated<number>; // 0 | 1
  active: Generated<number>; // 0 | 1
  start_date: string | null;
  end_date: string | null;
  condition_ids: string; // JSON number[]
  data: string; // JSON column -> value
  ended_at: string | null; // set when the row left the feed
  /** Raised by every write, in commit order (migration 2026-12-07-1620). */
  revision: Generated<number>;
}

export interface ProfileErrorsTable {
  id: Id;
  company_id: number;
  profile_id: number;
  sync_id: number | null;
  row: number | null;
  column: string | null;
  value: string | null;
  message: string;
  severity: Generated<string>; // error | warning
  /** JSON array of the lower-cased condition names that alone keep the row out; else null. */
  missing_conditions: string | null;
  created_at: string;
}

export interface ProfileSyncsTable {
  id: Id;
  company_id: number;
  profile_id: number;
  trigger: ProfileSync['trigger'];
  user_id: number | null;
  confirm: Generated<number>;
  status: Generated<ProfileSync['status']>;
  revision: string | null;
  error: string | null;
  rows_total: Generated<number>;
  rows_active: Generated<number>;
  rows_with_errors: Generated<number>;
  warnings_total: Generated<number>;
  rows_added: Generated<number>;
  rows_changed: Generated<number>;
  rows_removed: Generated<number>;
  started_at: string;
  finished_at: string | null;
}

/** What a sync read, before it swaps the rules in. */
export interface ProfileSyncRowsTable {
  sync_id: number;
  position: number;
  unique_id: string;
  reporting_label: string;
  is_default: number;
  active: number;
  start_date: string | null;
  end_date: string | null;
  condition_ids: string;
  data: string;
}

export interface DataSourcesTable extends Timestamps, SoftDelete {
  id: Id;
  company_id: number;
  name: string;
  url: string;
  method: string;
  headers: string; // sealed JSON [{name, value}] (lib/secrets.ts); legacy rows hold "{}"
  json_path: string | null;
  refresh_interval: number; // seconds
  timeout_ms: Generated<number>;
  default_value: string | null;
  last_value: string | null; // JSON scalar
  fetched_at: string | null;
  last_error: string | null;
  failed_at: string | null;
}

/** Values of data sources whose URL has `{placeholders}`, one row per filled URL. */
export interface DataSourceValuesTable {
  id: Id;
  company_id: number;
  data_source_id: number;
  url: string;
  value: string | null; // JSON scalar
  fetched_at: string | null;
  last_error: string | null;
  failed_at: string | null;
  updated_at: string;
}

/** Which profiles' live rules name which conditions (rewritten by each sync's swap). */
export interface ConditionUsesTable {
  company_id: number;
  condition_id: number;
  profile_id: number;
  rules: number;
}

export interface ConditionsTable extends Timestamps, SoftDelete {
  id: Id;
  company_id: number;
  data_source_id: number | null;
  name: string;
  expression: string; // JSON {logic: all|any, predicates: [{field, operator, value}]}
}

export interface MediaEntitiesTable extends Timestamps, SoftDelete {
  id: Id;
  company_id: number;
  name: string;
  domain: string | null;
  contact_name: string | null;
  contact_email: string | null;
}

export interface ApprovalsTable extends Timestamps {
  id: Id;
  company_id: number;
  campaign_id: number;
  creative_id: number;
  media_entity_id: number;
  status: ApprovalStatus;
  comment: string | null;
  decided_at: string | null;
  /** The name the publisher's approver gave, and the address the decision came from. */
  approver_name: Generated<string | null>;
  decided_ip: Generated<string | null>;
  /** JSON {package, fallback, dynamic}: what was decided on (approvals/fingerprint.ts). */
  fingerprint: Generated<string | null>;
  /** Why a decision went back to pending. */
  reset_reason: Generated<string | null>;
}

/** Capability links: report (campaign), preview (creative) and approval (campaign x publisher). */
interface TokenLinkColumns {
  id: Id;
  company_id: number;
  token: string;
  expires_at: string | null;
  revoked_at: string | null;
  created_by: number | null;
  created_at: string;
  /** When the link was last opened (token_views logs each opening), and how many times. */
  last_viewed_at: Generated<string | null>;
  view_count: Generated<number>;
}

export interface ReportLinksTable extends TokenLinkColumns {
  campaign_id: number;
  start_date: string | null;
  end_date: string | null;
}

export interface PreviewLinksTable extends TokenLinkColumns {
  creative_id: number;
}

export interface ApprovalLinksTable extends TokenLinkColumns {
  campaign_id: number;
  media_entity_id: number;
}

/** Each opening of a token link (docs/design.md §5): for its sharing tab. */
export interface TokenViewsTable {
  id: Id;
  company_id: number;
  link_kind: string; // preview | report | approval
  link_id: number;
  viewed_at: string;
  /** HMAC of the IP address under a key from APP_KEY: the same viewer is recognisable, the address is not kept. */
  ip_hash: string;
  user_agent: string;
}

export interface UploadsTable {
  id: Id;
  company_id: number;
  user_id: number;
  uuid: string;
  bucket: string;
  key: string;
  content_type: string;
  visibility: string | null;
  expires_at: string; // when the signed URL stops working
  received_at: string | null; // set by the one PUT the URL allows (cleared if that transfer fails)
  claimed_at: string | null;
  created_at: string;
}

export interface FeedbackTable {
  id: Id;
  company_id: number;
  user_id: number;
  message: string;
  page: string | null;
  created_at: string;
}

export interface AuditLogTable {
  id: Id;
  company_id: number;
  user_id: number | null;
  entity_type: string;
  entity_id: number;
  action: string; // created | updated | deleted | restored | status
  changes: string; // JSON {field: [old, new]}
  created_at: string;
  /** The personal access token the write was made with (its name kept when it goes). */
  token_id: Generated<number | null>;
  token_name: Generated<string | null>;
}

/** Rows per company, list, status ('' for lists without one) and deleted (0/1); kept by triggers. */
export interface ItemCountsTable {
  company_id: number;
  section: string;
  status: string;
  deleted: number;
  n: number;
}

/** The version of a company's rows of a list, changed by triggers on every write (migration 2026-11-28-1100). */
export interface ListVersionsTable {
  company_id: number;
  section: string;
  v: number;
}

/** A background job (jobs/job-queue.ts): queued → active → done | failed, retried up to max_attempts. */
export interface JobsTable {
  id: Generated<number>;
  name: string;
  data: string; // JSON
  singleton_key: string | null;
  state: 'queued' | 'active' | 'done' | 'failed';
  attempts: number;
  max_attempts: number;
  run_after: string;
  last_error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/**
 * Impressions and clicks per creative, rule (0: a creative without feed) and UTC day
 * (`YYYY-MM-DD`), upserted in batches from the trackers `/t/*`.
 */
export interface StatsDailyTable {
  company_id: number;
  campaign_id: number;
  creative_id: number;
  rule_id: number;
  day: string;
  impressions: Generated<number>;
  clicks: Generated<number>;
}

/** A creative's placement (docs/design.md §11): `/serve/{token}` answers its chosen variant. */
export interface AdTagsTable {
  id: Id;
  company_id: number;
  creative_id: number;
  /** The publisher the placement is for: it serves only what they approved, when asked to. */
  media_entity_id: number | null;
  name: string;
  token: string;
  /** The ad server the tag is pasted into (contract `AD_SERVERS`; migration 2026-12-02-1000). */
  ad_server: Generated<AdServer>;
  created_by: number | null;
  created_at: string;
  revoked_at: string | null;
}

/** `stats_daily` per ad tag (migration 2026-11-28-1300). */
export interface StatsTagDailyTable extends StatsDailyTable {
  tag_id: number;
}

/** Views a holdout served the static control, per creative, tag (0: none) and day (migration 2026-12-07-1200). */
export interface StatsHoldoutDailyTable {
  company_id: number;
  campaign_id: number;
  creative_id: number;
  tag_id: number;
  day: string;
  impressions: Generated<number>;
  clicks: Generated<number>;
}

/** A click's conversion, once per click id (issue 46, migration 2026-12-07-1200). */
export interface ConversionsTable {
  id: Id;
  company_id: number;
  campaign_id: number;
  creative_id: number;
  tag_id: number;
  rule_id: number;
  /** 1: the click was on a holdout view (the static control). */
  holdout: number;
  click_id: string;
  clicked_at: string;
  occurred_at: string;
  /** The UTC day of `occurred_at`. */
  day: string;
  value: number | null;
  created_at: string;
}

/** A QA run of a creative (issue 45, migration 2026-12-07-1100). */
export interface QaRunsTable {
  id: Id;
  company_id: number;
  creative_id: number;
  status: Generated<'queued' | 'running' | 'finished' | 'failed' | 'cancelled'>;
  total: Generated<number>;
  checked: Generated<number>;
  carried_over: Generated<number>;
  errors: Generated<number>;
  warnings: Generated<number>;
  verdict: 'passed' | 'failed' | null;
  failure: string | null;
  package_id: number | null;
  /** A hash of the distinct variants' keys: whether the creative's content is still the one checked. */
  fingerprint: string;
  created_by: number | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** One distinct variant of a run: its content's key, its rules, and what its check found. */
export interface QaRunVariantsTable {
  id: Id;
  run_id: number;
  key: string;
  state: Generated<'pending' | 'checked' | 'carried'>;
  /** JSON `{id, unique_id, reporting_label}[]`: the rules with this content (the first renders it). */
  rules: string;
  /** JSON `{kind, severity, message, screenshot_key}[]` once checked. */
  findings: string | null;
}

/** A finding of a run on one rule. */
export interface QaFindingsTable {
  id: Id;
  run_id: number;
  rule_id: number;
  unique_id: string;
  reporting_label: string;
  kind: string;
  severity: string;
  message: string;
  screenshot_key: string | null;
}

export interface DB {
  item_counts: ItemCountsTable;
  list_versions: ListVersionsTable;
  jobs: JobsTable;
  companies: CompaniesTable;
  users: UsersTable;
  user_links: UserLinksTable;
  user_recovery_codes: UserRecoveryCodesTable;
  company_sso: CompanySsoTable;
  company_sso_domains: CompanySsoDomainsTable;
  sessions: SessionsTable;
  personal_access_tokens: PersonalAccessTokensTable;
  webhooks: WebhooksTable;
  outbox_events: OutboxEventsTable;
  outbox_cursors: OutboxCursorsTable;
  mail_retries: MailRetriesTable;
  webhook_deliveries: WebhookDeliveriesTable;
  login_attempts: LoginAttemptsTable;
  rate_limit_hits: RateLimitHitsTable;
  campaigns: CampaignsTable;
  creatives: CreativesTable;
  assets: AssetsTable;
  packages: PackagesTable;
  package_files: PackageFilesTable;
  package_unpacks: PackageUnpacksTable;
  dynamic_codes: DynamicCodesTable;
  profile_templates: ProfileTemplatesTable;
  profiles: ProfilesTable;
  profile_rules: ProfileRulesTable;
  profile_errors: ProfileErrorsTable;
  profile_syncs: ProfileSyncsTable;
  profile_sync_rows: ProfileSyncRowsTable;
  data_sources: DataSourcesTable;
  data_source_values: DataSourceValuesTable;
  conditions: ConditionsTable;
  condition_uses: ConditionUsesTable;
  media_entities: MediaEntitiesTable;
  approvals: ApprovalsTable;
  report_links: ReportLinksTable;
  preview_links: PreviewLinksTable;
  processing_assets: ProcessingAssetsTable;
  approval_links: ApprovalLinksTable;
  token_views: TokenViewsTable;
  uploads: UploadsTable;
  feedback: FeedbackTable;
  audit_log: AuditLogTable;
  stats_daily: StatsDailyTable;
  ad_tags: AdTagsTable;
  stats_tag_daily: StatsTagDailyTable;
  qa_runs: QaRunsTable;
  qa_run_variants: QaRunVariantsTable;
  qa_findings: QaFindingsTable;
  stats_holdout_daily: StatsHoldoutDailyTable;
  conversions: ConversionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;

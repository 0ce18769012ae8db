import { z } from 'zod';
import { UpdatedAtSchema } from '../common/based-on';
import { blankToNull, idField, nameField, plainText, textField } from '../common/fields';
import { ListQuerySchema, listResponse, sortBy } from '../common/list-query';

export const PROFILE_NAME_MAX = 255;

/** docs/design.md §5: new → syncing → synced | failed | needs_confirmation. */
export const PROFILE_STATUSES = ['new', 'syncing', 'synced', 'failed', 'needs_confirmation'] as const;
export type ProfileStatus = (typeof PROFILE_STATUSES)[number];

export const PROFILE_SOURCES = ['gsheet', 'upload', 'url'] as const;
export type ProfileSource = (typeof PROFILE_SOURCES)[number];

/** Spec section 8. */
export const SYNC_FAILED = 'Failed to sync. Try again.';
/** docs/design.md §10: the share of active rows a sync may lose without a confirmation. */
export const ROW_DROP_GUARD = 0.2;

/** `hourly`, `every 6 hours` (any 1–24) or `daily at HH:MM` (UTC). */
export const SCHEDULE_PATTERN =
  /^(hourly|every ([1-9]|1[0-9]|2[0-4]) hours|daily at ([01][0-9]|2[0-3]):[0-5][0-9])$/;
export const ScheduleSchema = textField('schedule').regex(
  SCHEDULE_PATTERN,
  'The schedule must be "hourly", "every N hours" or "daily at HH:MM".',
);

/** An A1 range such as `Feed!A1:Z` or `'My sheet'!B2:F`; the first row is the header. */
const RangeSchema = textField('range')
  .min(1, 'A range may not be empty.')
  .max(200, 'A range may not be greater than 200 characters.')
  .regex(
    // `Feed!A1:Z`, `'My sheet'!B2:F`, `A1:Z`, or a sheet's name alone (all of it).
    /^(?:(?:'[^']+'|[^!':]+)!)?[A-Za-z]{1,3}[0-9]*(?::[A-Za-z]{1,3}[0-9]*)?$|^(?:'[^']+'|[^!':]+)$/,
    'A range must look like Feed!A1:Z.',
  );

/** The Sheets id in a Google Sheets address (`…/spreadsheets/d/{id}/…`). */
export const gsheetIdOf = (url: string): string | null =>
  /\/spreadsheets\/(?:u\/\d+\/)?d\/([A-Za-z0-9_-]{20,})/.exec(url)?.[1] ?? null;

/** The 'Open Data Feed' link of a sheet. */
export const sheetUrl = (gsheetId: string) => `https://docs.google.com/spreadsheets/d/${gsheetId}/edit`;

export const ProfileFiguresSchema = z.object({
  rows_total: z.number().int(),
  rows_processed: z.number().int(),
  rows_active: z.number().int(),
  rows_with_errors: z.number().int(),
  warnings_total: z.number().int(),
});
export type ProfileFigures = z.infer<typeof ProfileFiguresSchema>;

export const ProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  source: z.enum(PROFILE_SOURCES),
  url: z.string().nullable(),
  gsheet_id: z.string().nullable(),
  /** The uploaded file's original name (source `upload`). */
  file_name: z.string().nullable(),
  ranges: z.array(z.string()),
  template_id: z.number().int().nullable(),
  template: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  schedule: z.string().nullable(),
  status: z.enum(PROFILE_STATUSES),
  /** Why the last sync failed or stopped (shown with `failed` and `needs_confirmation`). */
  sync_error: z.string().nullable(),
  /** The feed's columns as of the last good sync, in sheet order. */
  columns: z.array(z.string()),
  ...ProfileFiguresSchema.shape,
  /**
   * Rows the last sync rejected only for naming conditions that did not exist, and that all exist
   * now: a sync of the same feed would take them in.
   */
  fixable_rows: z
    .number()
    .int()
    .describe(
      'Rows the last sync rejected only for naming conditions that did not exist and that all exist now: a sync of the same feed would take them in.',
    ),
  synced_at: z.string().nullable(),
  next_sync_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type Profile = z.infer<typeof ProfileSchema>;

const ProfileFieldsSchema = z.object({
  name: nameField(PROFILE_NAME_MAX),
  source: z.enum(PROFILE_SOURCES, { error: 'The source must be gsheet, upload or url.' }),
  url: blankToNull(textField('url', { max: 2048 })),
  gsheet_id: blankToNull(
    textField('gsheet id').regex(
      /^[A-Za-z0-9_-]{20,100}$/,
      'The gsheet id must be the id in the sheet’s address.',
    ),
  ),
  /** An uploaded file's storage key (signed upload, spec section 7). */
  key: blankToNull(textField('key').max(500)),
  /** The uploaded file's original name. */
  file_name: blankToNull(textField('file name').max(255)),
  ranges: z.array(RangeSchema).max(10, 'Give at most 10 ranges.').optional(),
  template_id: idField('template').nullable().optional(),
  schedule: blankToNull(ScheduleSchema),
});

/**
 * POST /v1/profiles. `gsheet`: `url` (a Sheets address) or `gsheet_id`; `upload`: `key` of an
 * uploaded XLSX/CSV/TSV; `url`: a CSV/XLSX address. A new profile syncs at once.
 */
export const ProfileCreateSchema = ProfileFieldsSchema;
export type ProfileCreateInput = z.input<typeof ProfileCreateSchema>;
export type ProfileCreate = z.output<typeof ProfileCreateSchema>;

/** PUT /v1/profiles/{id}: any subset, with the `updated_at` it was based on (409 when stale). */
export const ProfileUpdateSchema = ProfileFieldsSchema.partial().extend({
  updated_at: UpdatedAtSchema.optional(),
});
export type ProfileUpdateInput = z.input<typeof ProfileUpdateSchema>;
export type ProfileUpdate = z.output<typeof ProfileUpdateSchema>;

export const PROFILE_SORTS = ['name', 'status', 'synced_at', 'created_at', 'updated_at'] as const;
export type ProfileSort = (typeof PROFILE_SORTS)[number];

const profileStatusesIn = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  ),
];

/** GET /v1/profiles/: the list query; `filter` matches the name; `status=synced,failed`; `deleted=1`. */
export const ProfileListQuerySchema = ListQuerySchema.extend({
  'sort-by': sortBy(PROFILE_SORTS),
  status: z
    .string()
    .refine(
      (text) =>
        profileStatusesIn(text).every((part) => (PROFILE_STATUSES as readonly string[]).includes(part)),
      'The selected status is invalid.',
    )
    .transform((text) => profileStatusesIn(text) as ProfileStatus[])
    .optional(),
  deleted: z
    .enum(['0', '1', 'true', 'false'], { error: 'The deleted field must be true or false.' })
    .transform((v) => v === '1' || v === 'true')
    .optional(),
});
export type ProfileListQuery = z.infer<typeof ProfileListQuerySchema>;
export const ProfileListResponseSchema = listResponse(ProfileSchema);

/** GET /v1/profiles/{id}/sync: `confirm=1` accepts a drop of active rows over the guard. */
export const ProfileSyncQuerySchema = z.object({
  confirm: z
    .enum(['0', '1', 'true', 'false'], { error: 'The confirm field must be true or false.' })
    .transform((v) => v === '1' || v === 'true')
    .optional(),
});

export const ISSUE_SEVERITIES = ['error', 'warning'] as const;
export const ProfileIssueSchema = z.object({
  row: z.number().int().nullable(),
  column: z.string().nullable(),
  value: z.string().nullable(),
  message: z.string(),
  severity: z.enum(ISSUE_SEVERITIES),
  /** The row's only error names conditions that all exist now: a sync of the same feed takes it in. */
  fixed_by_resync: z
    .boolean()
    .describe(
      "True when the row's only error names conditions that all exist now: a sync of the same feed takes the row in.",
    ),
});
export type ProfileIssue = z.infer<typeof ProfileIssueSchema>;

/** How many issues of one sync are stored; the figures count them all. */
export const PROFILE_ISSUES_KEPT = 10_000;

/** GET /v1/profiles/{id}/errors: the last sync's errors and warnings, sheet order. */
export const ProfileErrorsQuerySchema = z.object({
  severity: z.enum(ISSUE_SEVERITIES, { error: 'The severity must be error or warning.' }).optional(),
  column: textField('column').max(255).optional(),
  format: z.enum(['json', 'csv'], { error: 'The format must be json or csv.' }).optional(),
});

export const PROFILE_SYNC_TRIGGERS = ['user', 'schedule', 'create'] as const;
export const ProfileSyncSchema = z.object({
  id: z.number().int(),
  trigger: z.enum(PROFILE_SYNC_TRIGGERS),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  status: z.enum(['syncing', 'synced', 'failed', 'needs_confirmation']),
  revision: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
  ...ProfileFiguresSchema.omit({ rows_processed: true }).shape,
  rows_added: z.number().int(),
  rows_changed: z.number().int(),
  rows_removed: z.number().int(),
});
export type ProfileSync = z.infer<typeof ProfileSyncSchema>;

/** A cell of a rule as the feed typed it: dates as `YYYY-MM-DD`, numbers, booleans, text. */
export const RuleValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const ProfileRuleSchema = z.object({
  id: z.number().int(),
  profile_id: z.number().int(),
  unique_id: z.string(),
  reporting_label: z.string(),
  position: z.number().int(),
  is_default: z.boolean(),
  active: z.boolean(),
  start: z.string().nullable(),
  end: z.string().nullable(),
  condition_ids: z.array(z.number().int()),
  data: z.record(z.string(), RuleValueSchema),
  /** Set when the row left the feed (kept so links and stats survive; back if the row returns). */
  ended_at: z.string().nullable(),
});
export type ProfileRule = z.infer<typeof ProfileRuleSchema>;

/** GET /v1/profile-rules/{id}: the rule with its conditions and the creatives that serve it. */
export const ProfileRuleDetailSchema = ProfileRuleSchema.extend({
  profile: z.object({ id: z.number().int(), name: z.string() }),
  conditions: z.array(z.object({ id: z.number().int(), name: z.string() })),
  creatives: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ProfileRuleDetail = z.infer<typeof ProfileRuleDetailSchema>;

/** GET /v1/profiles/{id}/rules: `filter` matches Unique_ID and Reporting_Label; `ended=1` lists ended rules. */
export const PROFILE_RULE_SORTS = ['position', 'unique_id', 'reporting_label'] as const;
export const ProfileRuleListQuerySchema = ListQuerySchema.extend({
  'sort-by': sortBy(PROFILE_RULE_SORTS),
  ended: z
    .enum(['0', '1', 'true', 'false'], { error: 'The ended field must be true or false.' })
    .transform((v) => v === '1' || v === 'true')
    .optional(),
});
export type ProfileRuleListQuery = z.infer<typeof ProfileRuleListQuerySchema>;
export const ProfileRuleListResponseSchema = listResponse(ProfileRuleSchema);

export const TEMPLATE_COLUMN_TYPES = [
  'text',
  'number',
  'url',
  'image_url',
  'date',
  'boolean',
  'color',
] as const;
export type TemplateColumnType = (typeof TEMPLATE_COLUMN_TYPES)[number];

export const TemplateColumnSchema = z.object({
  name: z
    .string({ error: 'The column name is required.' })
    .trim()
    .check(plainText('column name'))
    .min(1, 'The column name is required.')
    .max(100, 'A column name may not be greater than 100 characters.'),
  type: z.enum(TEMPLATE_COLUMN_TYPES, {
    error: `The type must be one of: ${TEMPLATE_COLUMN_TYPES.join(', ')}.`,
  }),
  required: z.boolean().default(false),
  /** The longest value QA accepts in this column (characters); null or absent: any length. */
  max_length: z
    .number({ error: 'The maximum length must be a number.' })
    .int('The maximum length must be a whole number.')
    .min(1, 'The maximum length must be at least 1.')
    .max(10_000, 'The maximum length may not be greater than 10000.')
    .nullable()
    .optional(),
});
export type TemplateColumn = z.infer<typeof TemplateColumnSchema>;

export const ProfileTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** As stored: answers are not held to the input rules (rows written before a rule keep reading). */
  columns: z.array(
    z.object({
      name: z.string(),
      type: z.enum(TEMPLATE_COLUMN_TYPES),
      required: z.boolean(),
      max_length: z.number().int().nullable().optional(),
    }),
  ),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProfileTemplate = z.infer<typeof ProfileTemplateSchema>;

/** POST/PUT /v1/profile-templates(/{id}) (admins). Column names are unique, ignoring case. */
export const ProfileTemplateWriteSchema = z.object({
  name: nameField(PROFILE_NAME_MAX),
  columns: z
    .array(TemplateColumnSchema)
    .min(1, 'Give at least one column.')
    .max(100, 'A template has at most 100 columns.')
    .superRefine((columns, ctx) => {
      const seen = new Set<string>();
      for (const [i, column] of columns.entries()) {
        const key = column.name.toLowerCase();
        if (seen.has(key))
          ctx.addIssue({ code: 'custom', path: [i, 'name'], message: 'Column names must differ.' });
        seen.add(key);
      }
    }),
  updated_at: UpdatedAtSchema.optional(),
});
export type ProfileTemplateWrite = z.output<typeof ProfileTemplateWriteSchema>;
export type ProfileTemplateWriteInput = z.input<typeof ProfileTemplateWriteSchema>;

/** GET /v1/creatives/{id}/profiles/{profileId}/rules/ids. */
export const RuleIdsSchema = z.object({ data: z.array(z.number().int()) });

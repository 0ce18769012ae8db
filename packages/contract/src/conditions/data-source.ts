import { z } from 'zod';
import { UpdatedAtSchema } from '../common/based-on';
import { blankToNull, idField, nameField, plainText, textField } from '../common/fields';
import { ListQuerySchema, listResponse, sortBy } from '../common/list-query';
import { JSON_PATH_HELP, parseJsonPath } from './json-path';

export const DATA_SOURCE_NAME_MAX = 255;
export const DATA_SOURCE_METHODS = ['GET', 'POST'] as const;
export type DataSourceMethod = (typeof DATA_SOURCE_METHODS)[number];

/** docs/design.md §5: at most 5 s per fetch, at most 1 MB read. */
export const DATA_SOURCE_TIMEOUT_MAX_MS = 5000;
export const DATA_SOURCE_TIMEOUT_DEFAULT_MS = 3000;
export const DATA_SOURCE_BODY_MAX_BYTES = 1024 * 1024;
export const DATA_SOURCE_REFRESH_MIN_S = 10;
export const DATA_SOURCE_REFRESH_MAX_S = 7 * 24 * 3600;
export const DATA_SOURCE_REFRESH_DEFAULT_S = 300;
/** How much of an answer the test shows. */
export const DATA_SOURCE_SAMPLE_CHARS = 2000;
export const DATA_SOURCE_HEADERS_MAX = 20;

/**
 * `{placeholder}` in a data source's URL, filled from the context when it is fetched: a context
 * field (`{country}`, `{city}`, …) or a query parameter of the ad call (`{param:zip}`).
 */
export const URL_PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]*(?::[A-Za-z0-9_.-]{1,64})?)\}/g;

/** Whether a URL has placeholders (without URL_PLACEHOLDER's `lastIndex`, which `test` on a /g pattern moves). */
export const hasPlaceholders = (url: string) => new RegExp(URL_PLACEHOLDER.source).test(url);

/** The URL with each placeholder replaced (URL-encoded); a missing value becomes empty. */
export const fillPlaceholders = (url: string, values: (name: string) => string | undefined) =>
  url.replace(URL_PLACEHOLDER, (_, name: string) => encodeURIComponent(values(name) ?? ''));

const urlProblem = (text: string): string | null => {
  let url: URL;
  try {
    url = new URL(fillPlaceholders(text, () => 'x'));
  } catch {
    return 'The url must be a valid http:// or https:// address.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return 'The url must be a valid http:// or https:// address.';
  if (url.username || url.password) return 'The url may not hold a user name or password; use a header.';
  if (/[{}]/.test(url.hostname)) return 'Placeholders may appear in the path and query only.';
  return null;
};

const UrlSchema = textField('url', { required: true, max: 2048 }).superRefine((text, ctx) => {
  if (/\{[^}]*$/.test(text) || (hasPlaceholders(text) && /\{(?![A-Za-z])/.test(text))) {
    // An unclosed or malformed placeholder would be sent as it is.
    ctx.addIssue({ code: 'custom', message: 'A placeholder looks like {country} or {param:zip}.' });
    return;
  }
  const problem = urlProblem(text);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** A header name as HTTP allows it; `Host`, `Content-Length` and the like are the fetcher's. */
const RESERVED_HEADERS = ['host', 'content-length', 'transfer-encoding', 'connection', 'cookie'];
const HeaderSchema = z.object({
  name: z
    .string({ error: 'The header name is required.' })
    .trim()
    .check(plainText('header name'))
    .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/, 'A header name may hold letters, digits and - only.')
    .refine((name) => !RESERVED_HEADERS.includes(name.toLowerCase()), 'This header is set by the fetcher.'),
  /**
   * Write-only: sent to set or change the value; left out on an update to keep the stored one.
   * Never answered.
   */
  value: textField('header value', { multiline: true, trim: false })
    .max(4096, 'A header value may not be greater than 4096 characters.')
    // HTTP allows a tab in a header value, never a line break.
    .refine((value) => !/[\r\n]/.test(value), 'A header value may not hold line breaks.')
    .optional(),
});
export type DataSourceHeaderInput = z.infer<typeof HeaderSchema>;

/**
 * The headers as a list of `{name, value}`, or as the map `{name: value}` scripts tend to send:
 * both become the list.
 */
const HeadersSchema = z
  .union([
    z.array(HeaderSchema),
    z
      .record(z.string(), z.unknown())
      .transform((map) =>
        Object.entries(map).map(([name, value]): DataSourceHeaderInput => ({ name, value: value as string })),
      )
      .pipe(z.array(HeaderSchema)),
  ])
  .superRefine((headers, ctx) => {
    if (headers.length > DATA_SOURCE_HEADERS_MAX)
      ctx.addIssue({ code: 'custom', message: `Give at most ${DATA_SOURCE_HEADERS_MAX} headers.` });
    const seen = new Set<string>();
    for (const [i, header] of headers.entries()) {
      const key = header.name.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: [i, 'name'], message: 'This header is given twice.' });
      seen.add(key);
    }
  });

const JsonPathSchema = textField('json path', { max: 300 }).refine(
  (path) => parseJsonPath(path) !== null,
  JSON_PATH_HELP,
);

const MethodSchema = z.enum(DATA_SOURCE_METHODS, { error: 'The method must be GET or POST.' });
const TimeoutSchema = z
  .number({ error: 'The timeout must be a number of milliseconds.' })
  .int('The timeout must be a whole number of milliseconds.')
  .min(100, 'The timeout must be at least 100 ms.')
  .max(DATA_SOURCE_TIMEOUT_MAX_MS, `The timeout may not be greater than ${DATA_SOURCE_TIMEOUT_MAX_MS} ms.`);
const RefreshSchema = z
  .number({ error: 'The refresh interval must be a number of seconds.' })
  .int('The refresh interval must be a whole number of seconds.')
  .min(
    DATA_SOURCE_REFRESH_MIN_S,
    `The refresh interval must be at least ${DATA_SOURCE_REFRESH_MIN_S} seconds.`,
  )
  .max(DATA_SOURCE_REFRESH_MAX_S, 'The refresh interval may not be greater than 7 days.');

/**
 * What defines a fetch: enough to test one before saving it. No defaults here: zod 4 applies a
 * default even inside `.partial()`, so an update or a test overlaying a saved definition would
 * reset the fields it left out (and an update would drop every stored header). Only creating fills
 * them in.
 */
const DefinitionSchema = z.object({
  url: UrlSchema,
  method: MethodSchema,
  headers: HeadersSchema,
  json_path: blankToNull(JsonPathSchema),
  timeout_ms: TimeoutSchema,
});

const DataSourceFieldsSchema = DefinitionSchema.extend({
  name: nameField(DATA_SOURCE_NAME_MAX),
  refresh_seconds: RefreshSchema,
  /** Used when a fetch fails or times out, and before the first one. */
  default_value: blankToNull(textField('default value', { trim: false, max: 1000 })),
});

/** POST /v1/datasource. */
export const DataSourceCreateSchema = DataSourceFieldsSchema.extend({
  method: MethodSchema.default('GET'),
  headers: HeadersSchema.default([]),
  timeout_ms: TimeoutSchema.default(DATA_SOURCE_TIMEOUT_DEFAULT_MS),
  refresh_seconds: RefreshSchema.default(DATA_SOURCE_REFRESH_DEFAULT_S),
});
export type DataSourceCreateInput = z.input<typeof DataSourceCreateSchema>;
export type DataSourceCreate = z.output<typeof DataSourceCreateSchema>;

/**
 * PUT /v1/datasource/{id}: any subset, with the `updated_at` it was based on. `headers`, when
 * sent, is the whole list: a header without `value` keeps its stored value, one left out is removed.
 */
export const DataSourceUpdateSchema = DataSourceFieldsSchema.partial().extend({
  updated_at: UpdatedAtSchema.optional(),
});
export type DataSourceUpdateInput = z.input<typeof DataSourceUpdateSchema>;
export type DataSourceUpdate = z.output<typeof DataSourceUpdateSchema>;

/** A value as a data source answers it. */
export const DataValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type DataValue = z.infer<typeof DataValueSchema>;

export const DataSourceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  method: z.enum(DATA_SOURCE_METHODS),
  /** The headers' names; their values are write-only. */
  headers: z.array(z.object({ name: z.string(), set: z.literal(true) })),
  json_path: z.string().nullable(),
  refresh_seconds: z.number().int(),
  timeout_ms: z.number().int(),
  default_value: z.string().nullable(),
  /** The value conditions use now: the last fetched one, or the default after a failure. */
  value: DataValueSchema,
  /** The last value fetched successfully, and when. */
  last_value: DataValueSchema,
  fetched_at: z.string().nullable(),
  /** Why the last fetch failed (cleared by the next success), and when it failed. */
  last_error: z.string().nullable(),
  failed_at: z.string().nullable(),
  /** The conditions that read it. */
  used_by: z.array(z.object({ id: z.number().int(), name: z.string() })),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type DataSource = z.infer<typeof DataSourceSchema>;

export const DATA_SOURCE_SORTS = ['name', 'fetched_at', 'created_at', 'updated_at'] as const;
export const DataSourceListQuerySchema = ListQuerySchema.extend({
  'sort-by': sortBy(DATA_SOURCE_SORTS),
  deleted: z
    .enum(['0', '1', 'true', 'false'], { error: 'The deleted field must be true or false.' })
    .transform((v) => v === '1' || v === 'true')
    .optional(),
});
export type DataSourceListQuery = z.infer<typeof DataSourceListQuerySchema>;
export const DataSourceListResponseSchema = listResponse(DataSourceSchema);

/**
 * POST /v1/datasource/test: a saved data source (`id`, optionally with changed fields to try before
 * saving them; its stored header values are used where none is given) or an unsaved definition.
 * `placeholders` fills the URL's `{…}` (e.g. `{"country": "FR"}`).
 */
export const DataSourceTestSchema = DefinitionSchema.partial()
  .extend({
    id: idField('data source').optional(),
    placeholders: z
      .record(
        textField('placeholder name', { trim: false }).max(80),
        textField('placeholder value', { trim: false }).max(500),
      )
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.id === undefined && body.url === undefined)
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'The url field is required.' });
  });
export type DataSourceTestInput = z.input<typeof DataSourceTestSchema>;
export type DataSourceTest = z.output<typeof DataSourceTestSchema>;

export const DataSourceTestResultSchema = z.object({
  ok: z.boolean(),
  /** The URL fetched, placeholders filled. */
  url: z.string(),
  /** HTTP status, or null when no answer came (refused address, timeout, DNS). */
  status: z.number().int().nullable(),
  duration_ms: z.number().int(),
  content_type: z.string().nullable(),
  /** The start of the answer's body, as text. */
  body_sample: z.string(),
  truncated: z.boolean(),
  /** The value at `json_path` (or the whole body when there is none), if found. */
  value: DataValueSchema,
  error: z.string().nullable(),
});
export type DataSourceTestResult = z.infer<typeof DataSourceTestResultSchema>;

export const dataSourceInUse = (conditions: readonly string[]) =>
  `The data source is used by ${conditions.length === 1 ? 'condition' : 'conditions'} ${conditions.join(', ')}: remove it from them first.`;
export const DATA_SOURCE_UNKNOWN = 'The data source does not exist.';

import { z } from 'zod';
import { STATUSES, type Status } from '../statuses';
import { plainText } from './fields';

export const MAX_ITEMS_PER_PAGE = 500;
export const LIST_FILTER_MAX = 200;

const ITEMS_PER_PAGE_RULE = `The items-per-page field must be -1 (all) or between 1 and ${MAX_ITEMS_PER_PAGE}.`;

/** Laravel's integer rule, with its wording (a list query is read as text). */
const integerField = (name: string) =>
  z.coerce
    .number({ error: `The ${name} field must be an integer.` })
    .int(`The ${name} field must be an integer.`);

/**
 * The list query of spec section 3 and docs/design.md §4; `items-per-page` -1 means all. Errors use
 * Laravel's validation wording. Empty parameters never reach this schema: the server drops them.
 */
export const ListQuerySchema = z.object({
  page: integerField('page').min(1, 'The page field must be at least 1.').default(1),
  'sort-by': z.string().trim().min(1).optional(),
  'sort-order': z.enum(['asc', 'desc'], { error: 'The selected sort-order is invalid.' }).optional(),
  date: z.iso.date({ error: 'The date field must match the format Y-m-d.' }).optional(),
  filter: z
    .string({ error: 'The filter field must be a string.' })
    .trim()
    .max(LIST_FILTER_MAX, `The filter field must not be greater than ${LIST_FILTER_MAX} characters.`)
    // The text rule of every field (PostgreSQL text cannot even hold U+0000): every list's filter
    // and match is spared control characters and lone surrogates.
    .check(plainText('filter'))
    .optional(),
  // Bounds the document can state (minimum -1, maximum 500) and the rule they leave out (not 0).
  'items-per-page': integerField('items-per-page')
    .min(-1, ITEMS_PER_PAGE_RULE)
    .max(MAX_ITEMS_PER_PAGE, ITEMS_PER_PAGE_RULE)
    .refine((n) => n !== 0, ITEMS_PER_PAGE_RULE)
    .default(25)
    .meta({ description: `Items on a page: -1 (all) or 1–${MAX_ITEMS_PER_PAGE}; 25 when absent.` }),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;

/** A `sort-by` limited to a list's own columns, with Laravel's `in` wording. */
export const sortBy = <const T extends readonly [string, ...string[]]>(columns: T) =>
  z.enum(columns, { error: 'The selected sort-by is invalid.' }).optional();

/**
 * docs/design.md §4: lists of items with a status also take `status` (comma-separated, e.g.
 * `status=live,ready`) and `deleted=1` (only soft-deleted items, to restore them).
 */
const statusesIn = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  ),
];

export const statusListFields = {
  status: z
    .string()
    .refine(
      (text) => statusesIn(text).every((part) => (STATUSES as readonly string[]).includes(part)),
      'The selected status is invalid.',
    )
    .transform((text) => statusesIn(text) as Status[])
    .optional(),
  deleted: z
    .enum(['0', '1', 'true', 'false'], { error: 'The deleted field must be true or false.' })
    .transform((v) => v === '1' || v === 'true')
    .optional(),
};

/** A list query's id filter (e.g. `campaign_id=4`), decimal digits only. */
export const idFilter = (name: string) =>
  z
    .string()
    .regex(/^[0-9]{1,10}$/, `The ${name} field must be an integer.`)
    .transform(Number)
    .optional();

/** How far a filtered list counts its matches; beyond it the total reads "10,000+". */
export const LIST_COUNT_CAP = 10_000;

/** Laravel's paginator meta (API resource collection). `from`/`to` are null on an empty page. */
export const ListMetaSchema = z.object({
  current_page: z.number().int(),
  from: z.number().int().nullable(),
  last_page: z.number().int(),
  path: z.string(),
  per_page: z.number().int(),
  to: z.number().int().nullable(),
  total: z.number().int(),
  /**
   * True when a filtered list's count stopped at the cap (`LIST_COUNT_CAP`): `total` is then the
   * cap, the real number is larger ("10,000+"), and `links.next` says whether another page exists.
   */
  total_capped: z.boolean().optional(),
});
export type ListMeta = z.infer<typeof ListMetaSchema>;

/** Laravel's collection links: full URLs of the first, last, previous and next pages. */
export const ListLinksSchema = z.object({
  first: z.string(),
  last: z.string(),
  prev: z.string().nullable(),
  next: z.string().nullable(),
});
export type ListLinks = z.infer<typeof ListLinksSchema>;

export const listResponse = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), links: ListLinksSchema, meta: ListMetaSchema });
export const itemResponse = <T extends z.ZodType>(item: T) => z.object({ data: item });

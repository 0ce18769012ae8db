import { z } from 'zod';
import { plainText } from '../common/fields';
import { idFilter, ListQuerySchema, listResponse } from '../common/list-query';
import { RuleValueSchema } from '../profiles/profile';

/** Feed columns that are a rule's own fields (Studio's), not content: lower-cased. */
const RULE_COLUMNS = new Set([
  'unique_id',
  'reporting_label',
  'is_default',
  'active',
  'start_date',
  'end_date',
  'conditions',
]);
/** Whether a feed column is one of a rule's own fields (Unique_ID, Active, …) rather than its content. */
export const isRuleColumn = (column: string) => RULE_COLUMNS.has(column.trim().toLowerCase());

/**
 * GET /v1/creatives/{id}/variants: a page of the creative's variants in feed order (`items-per-page`
 * as every list's: -1 or 1–500), narrowed to
 * the rules with condition `condition`, and to those whose feed column `field` holds `value`.
 */
export const CreativeVariantQuerySchema = ListQuerySchema.pick({ page: true, 'items-per-page': true }).extend(
  {
    condition: idFilter('condition'),
    field: z
      .string()
      .trim()
      .min(1)
      .max(100, 'The field field must not be greater than 100 characters.')
      .check(plainText('field'))
      .optional(),
    value: z
      .string()
      .max(200, 'The value field must not be greater than 200 characters.')
      .check(plainText('value'))
      .optional(),
  },
);
export type CreativeVariantQuery = z.infer<typeof CreativeVariantQuerySchema>;

/** One variant: a rule the creative serves, how it renders, and its backup image when one is made. */
export const CreativeVariantSchema = z.object({
  rule_id: z.number().int(),
  unique_id: z.string(),
  reporting_label: z.string(),
  is_default: z.boolean(),
  active: z.boolean(),
  condition_ids: z.array(z.number().int()),
  data: z.record(z.string(), RuleValueSchema),
  /** The newest approved package playing this rule, in the sandbox; null while none is approved. */
  render_url: z.string().nullable(),
  /** The rule's rendered backup image (processing assets), once it is ready; else null. */
  backup_url: z.string().nullable(),
});
export type CreativeVariant = z.infer<typeof CreativeVariantSchema>;

export const CreativeVariantListSchema = listResponse(CreativeVariantSchema).extend({
  /** Every variant of the creative, before the page's filters. */
  variants_total: z.number().int(),
  /** What the variants may be filtered by: the conditions their rules use, the feed's columns. */
  filters: z.object({
    conditions: z.array(z.object({ id: z.number().int(), name: z.string() })),
    fields: z.array(z.string()),
  }),
});
export type CreativeVariantList = z.infer<typeof CreativeVariantListSchema>;

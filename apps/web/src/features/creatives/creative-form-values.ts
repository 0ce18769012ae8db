import { type Creative, CreativeCreateSchema, RuleFilterSchema } from '@adstudio/contract';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';

/**
 * The rule filter as the form edits it: a column and values, either empty while being set. Without
 * a column or without values it serves every rule of the profile, so it is sent as null. (Null is
 * taken too, so what the form sends is also a value of the form.)
 */
const RuleFilterFieldsSchema = z
  .object({ column: z.string(), values: z.array(z.string()) })
  .nullable()
  .transform((filter) => (filter?.column.trim() && filter.values.length > 0 ? filter : null))
  .pipe(RuleFilterSchema.nullable());

/** The contract's new-creative schema, with the rule filter as the form edits it. */
export const CreativeFormSchema = CreativeCreateSchema.extend({ rule_filter: RuleFilterFieldsSchema });
export type CreativeFormValues = z.input<typeof CreativeFormSchema>;
export type CreativeFormOutput = z.output<typeof CreativeFormSchema>;
export type CreativeForm = UseFormReturn<CreativeFormValues, unknown, CreativeFormOutput>;

/** No rule filter, as the form edits it: the creative serves all rules of its profile. */
export const noRuleFilter = (): { column: string; values: string[] } => ({ column: '', values: [] });

/**
 * Form values of a creative (or of a new one). Every key is present, profile and rule filter
 * included, so a 422 on `profile_id` or `rule_filter.column` lands on its field.
 */
export const creativeFormValues = (creative?: Creative, campaignId?: number | null): CreativeFormValues => ({
  campaign_id: creative?.campaign_id ?? campaignId ?? (undefined as unknown as number),
  name: creative?.name ?? '',
  width: creative?.width ?? 300,
  height: creative?.height ?? 250,
  click_url: creative?.click_url ?? '',
  profile_id: creative?.profile_id ?? null,
  rule_filter: creative?.rule_filter
    ? { column: creative.rule_filter.column, values: [...creative.rule_filter.values] }
    : noRuleFilter(),
});

/** A filter's values as typed: trimmed, blanks and repeats dropped. */
export const cleanFilterValues = (values: readonly string[]): string[] => [
  ...new Set(values.map((value) => value.trim()).filter(Boolean)),
];

import {
  type Creative,
  CreativeCreateSchema,
  ROTATION_DEFAULTS,
  RotationFieldsSchema,
  RuleFilterSchema,
  WEIGHT_COLUMN_NEEDED,
} from '@adstudio/contract';
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

const ROTATION_KEYS = new Set(['rotation', 'rotation_weight_column']);

/**
 * The contract's new-creative schema, with the rule filter as the form edits it and every rotation
 * field present. A weight column is sent only for `weighted`, which cannot do without one (the
 * server's rule, checked here first on the same field).
 */
export const CreativeFormSchema = CreativeCreateSchema.extend({
  rule_filter: RuleFilterFieldsSchema,
  ...RotationFieldsSchema.shape,
})
  .refine((values) => values.rotation !== 'weighted' || Boolean(values.rotation_weight_column), {
    path: ['rotation_weight_column'],
    message: WEIGHT_COLUMN_NEEDED,
    // Checked while other fields have errors too, so every message shows at once.
    when: ({ issues }) => !issues.some((issue) => ROTATION_KEYS.has(String(issue.path?.[0]))),
  })
  .transform((values) =>
    values.rotation === 'weighted' ? values : { ...values, rotation_weight_column: null },
  );
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
  rotation: creative?.rotation ?? ROTATION_DEFAULTS.rotation,
  rotation_weight_column: creative?.rotation_weight_column ?? '',
  rotation_goal: creative?.rotation_goal ?? ROTATION_DEFAULTS.rotation_goal,
  holdout_percent: creative?.holdout_percent ?? ROTATION_DEFAULTS.holdout_percent,
  click_id_param: creative?.click_id_param ?? ROTATION_DEFAULTS.click_id_param,
});

/** A filter's values as typed: trimmed, blanks and repeats dropped. */
export const cleanFilterValues = (values: readonly string[]): string[] => [
  ...new Set(values.map((value) => value.trim()).filter(Boolean)),
];

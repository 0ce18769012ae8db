import { z } from 'zod';
import { textField } from '../common/fields';

/** Days after its click within which a conversion counts, unless the company sets another window. */
export const CONVERSION_WINDOW_DEFAULT_DAYS = 30;
export const CONVERSION_WINDOW_MAX_DAYS = 365;
export const CONVERSION_VALUE_MAX = 1e12;

export const CLICK_ID_UNKNOWN = 'This click id is not one of ours.';
export const CLICK_OUTSIDE_WINDOW = 'The conversion came after the conversion window of its click closed.';
export const CONVERSION_IN_FUTURE = 'The conversion may not occur in the future.';
export const CONVERSION_BEFORE_CLICK = 'The conversion may not occur before its click.';

/**
 * `POST /v1/conversions` (issue 46): an advertiser's server reports a conversion of a click, by the
 * click id the click tracker passed to the exit URL. It counts once per click id, within the
 * company's window after the click.
 */
export const ConversionCreateSchema = z.object({
  click_id: textField('click id', { required: true, max: 200 }),
  value: z
    .number({ error: 'The value must be a number.' })
    .min(0, 'The value may not be negative.')
    .max(CONVERSION_VALUE_MAX, 'The value is too large.')
    .nullable()
    .optional(),
  /** When it happened (ISO 8601 with offset); default: now. */
  occurred_at: z.iso
    .datetime({ offset: true, error: 'The occurred at must be an ISO 8601 date and time.' })
    .optional(),
});
export type ConversionCreate = z.infer<typeof ConversionCreateSchema>;

/** A conversion as counted: what its click named. `duplicate`: the click id had converted already. */
export const ConversionSchema = z.object({
  id: z.number().int(),
  click_id: z.string(),
  campaign_id: z.number().int(),
  creative_id: z.number().int(),
  /** The ad tag that served the clicked view (null: none). */
  tag_id: z.number().int().nullable(),
  /** The variant clicked (0: a creative without feed). */
  rule_id: z.number().int(),
  /** The click was on a holdout view (the static control). */
  holdout: z.boolean(),
  value: z.number().nullable(),
  clicked_at: z.string(),
  occurred_at: z.string(),
  duplicate: z.boolean(),
});
export type Conversion = z.infer<typeof ConversionSchema>;

/** `GET|PUT /v1/company/conversions`: the company's conversion window. */
export const ConversionSettingsSchema = z.object({
  window_days: z
    .number({ error: 'The window must be a number of days.' })
    .int('The window must be a whole number of days.')
    .min(1, 'The window must be at least 1 day.')
    .max(
      CONVERSION_WINDOW_MAX_DAYS,
      `The window may not be greater than ${CONVERSION_WINDOW_MAX_DAYS} days.`,
    ),
});
export type ConversionSettings = z.infer<typeof ConversionSettingsSchema>;

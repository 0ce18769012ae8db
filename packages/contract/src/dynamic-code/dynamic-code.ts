import { z } from 'zod';
import { UpdatedAtSchema } from '../common/based-on';

/** Dynamic code's own status (docs/design.md §5): generated → implemented → verified. */
export const DYNAMIC_CODE_STATUSES = ['generated', 'implemented', 'verified'] as const;
export type DynamicCodeStatus = (typeof DYNAMIC_CODE_STATUSES)[number];

/** Where each status may move, in the style of the campaign status table (422 otherwise). */
export const DYNAMIC_CODE_MOVES: Readonly<Record<DynamicCodeStatus, readonly DynamicCodeStatus[]>> = {
  generated: ['implemented'],
  implemented: ['verified', 'generated'],
  verified: ['implemented'],
};

/**
 * GET /v1/creatives/{id}/dynamic-code. `code` is null until generated, or when the creative has no
 * profile (then `message` says so). `stale` when the profile's columns changed since it was generated.
 */
export const DynamicCodeSchema = z.object({
  creative_id: z.number().int(),
  profile: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  code: z.string().nullable(),
  status: z.enum(DYNAMIC_CODE_STATUSES).nullable(),
  /** The profile columns the code reads, in feed order. */
  columns: z.array(z.string()),
  stale: z.boolean(),
  /** Why there is no code (no profile, or a profile without rows yet). */
  message: z.string().nullable(),
  /** The statuses it may move to now (empty without code). */
  allowed_statuses: z.array(z.enum(DYNAMIC_CODE_STATUSES)),
  generated_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type DynamicCode = z.infer<typeof DynamicCodeSchema>;

/** POST /v1/creatives/{id}/dynamic-code/status. */
export const DynamicCodeStatusSchema = z.object({
  status: z.enum(DYNAMIC_CODE_STATUSES, { error: 'The selected status is invalid.' }),
  updated_at: UpdatedAtSchema.optional(),
});
export type DynamicCodeStatusBody = z.infer<typeof DynamicCodeStatusSchema>;

import { z } from 'zod';

/** The Laravel-like error body every failure uses (docs/design.md §4). */
export const ErrorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** A 422: Laravel's validation body, whose `errors` is always there (a refusal of the whole item is on `id`). */
export const ValidationErrorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorBody = z.infer<typeof ValidationErrorBodySchema>;

/** A 5xx answer: a fixed message and the request id under which the details were logged. */
export const ServerErrorBodySchema = z.object({
  message: z.string(),
  request_id: z.string(),
});
export type ServerErrorBody = z.infer<typeof ServerErrorBodySchema>;

export const UNAUTHENTICATED_MESSAGE = 'Unauthenticated.';
export const CSRF_MISMATCH_MESSAGE = 'CSRF token mismatch.';
/**
 * The spec's default texts (section 8), exactly: the server answers with them and the banner shows
 * them, so a user meets one wording whichever side wrote it. Laravel's own messages above keep
 * Laravel's full stop, as clients match them.
 */
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired';
export const NOT_FOUND_MESSAGE = 'Cannot find this item';
export const SERVER_ERROR_MESSAGE = "We're having internal issues, our engineers have been notified";

import { z } from 'zod';

/** The Laravel-like error body every failure uses (DESIGN section 4). */
export const ErrorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const UNAUTHENTICATED_MESSAGE = 'Unauthenticated.';
export const CSRF_MISMATCH_MESSAGE = 'CSRF token mismatch.';
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired.';

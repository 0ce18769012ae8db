import { z } from 'zod';

export const UserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  company_id: z.number().int(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  /** Two-factor sign-in is on for the user. */
  two_factor: z.boolean().optional(),
  /** The company requires two-factor sign-in and the user has not set it up: nothing else is allowed. */
  two_factor_setup_required: z.boolean().optional(),
});
export type User = z.infer<typeof UserSchema>;

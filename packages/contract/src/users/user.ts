import { z } from 'zod';

export const UserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  company_id: z.number().int(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
});
export type User = z.infer<typeof UserSchema>;

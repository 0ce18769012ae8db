import { z } from 'zod';

export const LoginBodySchema = z.object({
  email: z
    .string({ error: 'The email field is required.' })
    .trim()
    .min(1, 'The email field is required.')
    .pipe(z.email('The email must be a valid email address.')),
  password: z.string({ error: 'The password field is required.' }).min(1, 'The password field is required.'),
  redirect_app: z.string().optional(),
  _token: z.string().optional(),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

import { z } from 'zod';
import { nameField, plainText, textField } from '../common/fields';

export const UpdateAccountBodySchema = z.object({
  name: nameField(120),
  email: textField('email', { required: true, max: 254 })
    .toLowerCase()
    .pipe(z.email('The email must be a valid email address.')),
  avatar: z
    .url({ protocol: /^https$/, error: 'The avatar must be an https URL.' })
    .max(2048, 'The avatar may not be greater than 2048 characters.')
    // A URL parser drops or escapes control characters, so the text itself is checked too.
    .check(plainText('avatar'))
    .nullable()
    .optional(),
  /**
   * Required when the email changes (docs/design.md §5): the address is how one signs in. A secret
   * compared with the stored hash, never stored: not held to the text rule, like signing in.
   */
  current_password: z.string().max(200).optional(),
});
export type UpdateAccountBody = z.infer<typeof UpdateAccountBodySchema>;

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_NEEDS_SESSION = 'The password is changed signed in, not with a token.';

/** A new password and its confirmation, as every form that sets one takes them. */
export const newPasswordFields = {
  // Untrimmed text: a lone surrogate would be hashed as U+FFFD, so two passwords would be one.
  password: z
    .string({ error: 'The password field is required.' })
    .check(plainText('password'))
    .min(PASSWORD_MIN_LENGTH, `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(200, 'The password may not be greater than 200 characters.'),
  password_confirmation: z
    .string({ error: 'The password confirmation field is required.' })
    .check(plainText('password confirmation')),
};
/** The check that the confirmation repeats the password, on `password_confirmation`. */
export const passwordsMatch: [
  (body: { password: string; password_confirmation: string }) => boolean,
  { path: string[]; message: string },
] = [
  (body) => body.password === body.password_confirmation,
  { path: ['password_confirmation'], message: 'The password confirmation does not match.' },
];

export const UpdatePasswordBodySchema = z
  .object({
    current_password: z
      .string({ error: 'The current password field is required.' })
      .min(1, 'The current password field is required.'),
    ...newPasswordFields,
    /** Revoke every personal access token of mine as well: a password change leaves them alive. */
    revoke_tokens: z.boolean({ error: 'The revoke tokens field must be true or false.' }).optional(),
  })
  .refine(...passwordsMatch);
export type UpdatePasswordBody = z.infer<typeof UpdatePasswordBodySchema>;

export const ITEMS_PER_PAGE_CHOICES = [10, 25, 50, 100] as const;
export const DEFAULT_ITEMS_PER_PAGE = 25;

const itemsPerPage = z.literal(ITEMS_PER_PAGE_CHOICES, {
  error: `The items per page must be one of ${ITEMS_PER_PAGE_CHOICES.join(', ')}.`,
});

export const UserSettingsSchema = z.object({
  items_per_page: itemsPerPage,
  /** E-mail me a publisher's decision on approvals I asked for (when the server sends e-mail). */
  email_approvals: z.boolean().default(true),
  /** E-mail me when a feed I made fails to sync or waits for confirmation (admins: any feed). */
  email_syncs: z.boolean().default(true),
});
export type UserSettings = z.infer<typeof UserSettingsSchema>;

/** PUT /v1/user/settings: what changes; what is left out stays as it is. */
export const UserSettingsUpdateSchema = z.object({
  items_per_page: itemsPerPage.optional(),
  email_approvals: z.boolean({ error: 'The email approvals field must be true or false.' }).optional(),
  email_syncs: z.boolean({ error: 'The email syncs field must be true or false.' }).optional(),
});
export type UserSettingsUpdate = z.infer<typeof UserSettingsUpdateSchema>;

export const UserSettingsResponseSchema = z.object({ data: UserSettingsSchema });

import { z } from 'zod';
import { PERMISSIONS, ROLES } from '../access';
import { newPasswordFields, passwordsMatch } from '../account/account';
import { nameField, plainText, textField } from '../common/fields';
import { ListQuerySchema, listResponse, sortBy } from '../common/list-query';

/**
 * The team in Settings (docs/design.md §13): admins invite users, change what they may do,
 * deactivate and reactivate them. A user is `invited` until they set a password through their
 * invitation, `deactivated` while an admin has locked them out (their work stays, named).
 */
export const USER_STATUSES = ['active', 'invited', 'deactivated'] as const;
export const UserStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof UserStatusSchema>;

/** How long an invitation's link works, and a password reset's. */
export const INVITATION_DAYS = 7;
export const PASSWORD_RESET_MINUTES = 60;
export const USER_NAME_MAX = 255;
export const USER_EMAIL_MAX = 255;

/** A user as the Users page lists them. */
export const TeamMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  status: UserStatusSchema,
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  two_factor: z.boolean(),
  last_sign_in_at: z.string().nullable(),
  invited_at: z.string().nullable(),
  /** When a pending invitation's link stops working; null once joined or without one. */
  expires_at: z.string().nullable(),
  deactivated_at: z.string().nullable(),
  created_at: z.string(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

/** POST /v1/users/invitations' answer, its shape fixed; `invitation_url` only when no mail is configured. */
export const InvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  status: z.literal('invited'),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  invited_at: z.string(),
  expires_at: z.string(),
  invitation_url: z
    .string()
    .optional()
    .meta({ description: 'The one-time link, shown once, only when the server sends no e-mail.' }),
});
export type Invitation = z.infer<typeof InvitationSchema>;

const RolesSchema = z.array(z.enum(ROLES, { error: 'The selected role is invalid.' })).max(ROLES.length);
const PermissionsSchema = z
  .array(z.enum(PERMISSIONS, { error: 'The selected permission is invalid.' }))
  .max(PERMISSIONS.length)
  .transform((list) => [...new Set(list)]);

export const emailField = textField('email', { required: true, max: USER_EMAIL_MAX })
  .toLowerCase()
  .refine((email) => z.email().safeParse(email).success, 'The email field must be a valid email address.');

/** POST /v1/users/invitations: who, and what they may do (the role admin, or any of the six permissions). */
export const InvitationCreateSchema = z.object({
  email: emailField,
  name: nameField(USER_NAME_MAX),
  roles: RolesSchema.default([]),
  permissions: PermissionsSchema.default([]),
});
export type InvitationCreateInput = z.input<typeof InvitationCreateSchema>;
export type InvitationCreate = z.output<typeof InvitationCreateSchema>;

/** PUT/PATCH /v1/users/{id}: any of name, role, permissions; the user's next request sees it. */
export const TeamMemberUpdateSchema = z.object({
  name: nameField(USER_NAME_MAX).optional(),
  roles: RolesSchema.optional(),
  permissions: PermissionsSchema.optional(),
});
export type TeamMemberUpdateInput = z.input<typeof TeamMemberUpdateSchema>;
export type TeamMemberUpdate = z.output<typeof TeamMemberUpdateSchema>;

export const TEAM_SORTS = ['name', 'email', 'last_sign_in_at', 'created_at'] as const;
export type TeamSort = (typeof TEAM_SORTS)[number];

/** GET /v1/users: `filter` matches name and email; `status` narrows to one status. */
export const TeamListQuerySchema = ListQuerySchema.omit({ date: true }).extend({
  'sort-by': sortBy(TEAM_SORTS),
  status: UserStatusSchema.optional(),
});
export type TeamListQuery = z.infer<typeof TeamListQuerySchema>;
export const TeamListResponseSchema = listResponse(TeamMemberSchema);

/** POST /auth/invitation: the invitation's token and the password the new user chooses. */
export const AcceptInvitationSchema = z
  .object({
    token: z.string({ error: 'The token field is required.' }).min(1).max(200).check(plainText('token')),
    ...newPasswordFields,
  })
  .refine(...passwordsMatch);
export type AcceptInvitation = z.infer<typeof AcceptInvitationSchema>;

/** POST /auth/forgot-password: the account's email; the answer is the same whether it has one. */
export const ForgotPasswordSchema = z.object({ email: emailField });
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>;

/** POST /auth/reset-password: the reset link's token and the new password. */
export const ResetPasswordSchema = AcceptInvitationSchema;
export type ResetPassword = AcceptInvitation;

/** POST /v1/users/{id}/password-reset (admins): when the link stops working; the link itself only when no mail is configured. */
export const PasswordResetLinkSchema = z.object({
  expires_at: z.string(),
  reset_url: z
    .string()
    .optional()
    .meta({ description: 'The one-time link, shown once, only when the server sends no e-mail.' }),
});
export type PasswordResetLink = z.infer<typeof PasswordResetLinkSchema>;

export const RESET_SENT =
  'If an account uses that email, a link to choose a new password is on its way. It works once, for an hour.';
export const RESET_ASK_ADMIN =
  'This server sends no e-mail. Ask an admin of your company for a link to choose a new password.';

export const EMAIL_TAKEN = 'The email has already been taken.';
export const LAST_ADMIN = 'The company needs at least one active admin.';
export const NOT_INVITED = 'The user has no pending invitation.';
export const INVITATION_INVALID = 'This invitation link is no longer valid. Ask an admin for a new one.';
export const RESET_INVALID = 'This password reset link is no longer valid. Ask for a new one.';

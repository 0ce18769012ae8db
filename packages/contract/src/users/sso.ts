import { z } from 'zod';
import { PERMISSIONS, ROLES } from '../access';
import { idField, textField } from '../common/fields';

/**
 * A company's single sign-on (docs/design.md §13): one OpenID Connect provider, the email domains
 * whose users it signs in, what happens to someone it signs in who has no account here (`jit`
 * creates them with the default access, `invited` refuses them), and whether passwords still work
 * (`required`: only the break-glass users keep theirs).
 */
export const SSO_MODES = ['jit', 'invited'] as const;
export const SsoModeSchema = z.enum(SSO_MODES, {
  error: `The mode must be one of: ${SSO_MODES.join(', ')}.`,
});
export type SsoMode = z.infer<typeof SsoModeSchema>;

export const SSO_DOMAINS_MAX = 20;
export const SSO_BREAK_GLASS_MAX = 10;
export const SSO_DOMAIN_TAKEN = 'This domain signs in with another company’s single sign-on.';
export const SSO_BREAK_GLASS_INVALID = 'Break-glass users must be active admins of the company.';
export const SSO_NEEDS_SESSION = 'Single sign-on is managed signed in, not with a token.';
export const SSO_SECRET_REQUIRED = 'The client secret field is required.';
export const SSO_ISSUER_HTTPS = 'The issuer must be an https:// address.';

/** Where the provider sends the browser back: the redirect URI to register with it. */
export const SSO_CALLBACK_PATH = '/auth/sso/callback';

/** The sign-in page's words for each way single sign-on can fail (`/auth/login?sso_error=…`). */
export const SSO_ERRORS = {
  email: 'Enter your work email to sign in with single sign-on.',
  unknown_domain: 'Single sign-on is not set up for this email’s domain.',
  expired: 'Your single sign-on attempt expired or was started in another browser. Please try again.',
  state: 'The identity provider’s answer did not match this sign-in. Please try again.',
  provider: 'The identity provider did not sign you in. Please try again, or ask your admin.',
  unverified: 'The identity provider’s answer could not be verified. Please try again, or ask your admin.',
  domain: 'Your email’s domain is not allowed to sign in here.',
  deactivated: 'Your account is deactivated. Ask an admin of your company to reactivate it.',
  no_account: 'You have no account here yet. Ask an admin of your company to invite you.',
} as const;
export type SsoErrorCode = keyof typeof SSO_ERRORS;
/** The words of `sso_error`, or nothing for a code that is none (a hand-made URL). */
export const ssoErrorMessage = (code: unknown): string | undefined =>
  typeof code === 'string' && Object.hasOwn(SSO_ERRORS, code) ? SSO_ERRORS[code as SsoErrorCode] : undefined;

const domain = textField('domains', { required: true, max: 253 })
  .toLowerCase()
  .refine(
    (text) => /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(text),
    'Each domain must be a domain name, such as example.com.',
  );

const issuer = textField('issuer', { required: true, max: 2048 }).refine(
  (text) => z.url({ protocol: /^https?$/ }).safeParse(text).success,
  'The issuer must be a valid https:// address.',
);

const RolesSchema = z.array(z.enum(ROLES, { error: 'The selected role is invalid.' })).max(ROLES.length);
const PermissionsSchema = z
  .array(z.enum(PERMISSIONS, { error: 'The selected permission is invalid.' }))
  .max(PERMISSIONS.length)
  .transform((list) => [...new Set(list)]);

/** GET /v1/sso, PUT's answer: the settings, never the client secret. */
export const SsoSettingsSchema = z.object({
  issuer: z.string(),
  client_id: z.string(),
  /** A secret is stored (sealed); it is never answered. */
  has_secret: z.boolean(),
  domains: z.array(z.string()),
  mode: SsoModeSchema,
  default_roles: z.array(z.string()),
  default_permissions: z.array(z.string()),
  required: z.boolean(),
  /** The users who keep signing in with a password while SSO is required (admins). */
  break_glass_user_ids: z.array(z.number().int()),
  /** The redirect URI to register with the provider. */
  redirect_uri: z.string(),
  updated_at: z.string(),
});
export type SsoSettings = z.infer<typeof SsoSettingsSchema>;

/**
 * PUT /v1/sso: the whole settings; `client_secret` may be left out once one is stored (it is
 * kept). `break_glass_user_ids` lists the admins who may still use a password when `required`.
 */
export const SsoUpdateSchema = z.object({
  issuer,
  client_id: textField('client id', { required: true, max: 255 }),
  client_secret: textField('client secret', { max: 1024 }).optional(),
  domains: z
    .array(domain, { error: 'The domains field is required.' })
    .min(1, 'The domains field is required.')
    .max(SSO_DOMAINS_MAX, `At most ${SSO_DOMAINS_MAX} domains.`)
    .transform((list) => [...new Set(list)]),
  mode: SsoModeSchema.default('invited'),
  default_roles: RolesSchema.default([]),
  default_permissions: PermissionsSchema.default([]),
  required: z.boolean({ error: 'The required field must be true or false.' }).default(false),
  break_glass_user_ids: z
    .array(idField('break-glass user'))
    .max(SSO_BREAK_GLASS_MAX, `At most ${SSO_BREAK_GLASS_MAX} break-glass users.`)
    .default([])
    .transform((list) => [...new Set(list)]),
});
export type SsoUpdateInput = z.input<typeof SsoUpdateSchema>;
export type SsoUpdate = z.output<typeof SsoUpdateSchema>;

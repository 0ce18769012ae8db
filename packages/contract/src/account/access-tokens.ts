import { z } from 'zod';
import { nameField } from '../common/fields';

/**
 * Personal access tokens (Laravel Sanctum's model): a script's way into the
 * API as its user, within the user's permissions and the token's abilities. `read` may only read;
 * `write` may everything the user may.
 */
export const TOKEN_ABILITIES = ['read', 'write'] as const;
export type TokenAbility = (typeof TOKEN_ABILITIES)[number];
export const TOKEN_NAME_MAX = 100;
/** Live tokens a user may hold at once. */
export const TOKENS_MAX = 20;
/** A token without `expires_at` lives this long; none lives longer than TOKEN_MAX_DAYS. */
export const TOKEN_DEFAULT_DAYS = 90;
export const TOKEN_MAX_DAYS = 366;

export const TOKENS_TOO_MANY = `You have ${TOKENS_MAX} tokens already: revoke one first.`;
export const TOKEN_READ_ONLY =
  'This token has the read ability only: a write needs a token with the write ability.';
export const TOKEN_AND_COOKIE = 'Send a bearer token or a session cookie, not both.';
export const TOKENS_NEED_SESSION = 'Tokens are managed signed in, not with a token.';

/** `DELETE /v1/user/tokens`: how many of my tokens were revoked. */
export const RevokedTokensSchema = z.object({ revoked: z.number().int() });
export type RevokedTokens = z.infer<typeof RevokedTokensSchema>;

/** A token as listed: never its secret. */
export const AccessTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  abilities: z.array(z.enum(TOKEN_ABILITIES)),
  expires_at: z.string(),
  last_used_at: z.string().nullable(),
  created_at: z.string(),
});
export type AccessToken = z.infer<typeof AccessTokenSchema>;

/** POST /v1/user/tokens answers the token once with `token`: `{id}|{secret}`, the bearer credential. */
export const NewAccessTokenSchema = AccessTokenSchema.extend({ token: z.string() });
export type NewAccessToken = z.infer<typeof NewAccessTokenSchema>;

/** An admin's list of the company's tokens: each with its user. */
export const CompanyAccessTokenSchema = AccessTokenSchema.extend({
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
});
export type CompanyAccessToken = z.infer<typeof CompanyAccessTokenSchema>;

const ABILITIES_MESSAGE = "The abilities must be ['read'] or ['read', 'write'].";

export const AccessTokenCreateSchema = z.object({
  name: nameField(TOKEN_NAME_MAX),
  /** `['read']` or `['read', 'write']`; `['write']` reads as the latter (a writer reads too). */
  abilities: z
    .array(z.enum(TOKEN_ABILITIES, { error: ABILITIES_MESSAGE }), { error: ABILITIES_MESSAGE })
    .min(1, ABILITIES_MESSAGE)
    .max(2, ABILITIES_MESSAGE)
    .transform((list): TokenAbility[] => (list.includes('write') ? ['read', 'write'] : ['read'])),
  /** When it stops working (ISO 8601); within TOKEN_MAX_DAYS. Default: TOKEN_DEFAULT_DAYS from now. */
  expires_at: z
    .union([z.iso.datetime({ offset: true }), z.iso.date()], {
      error: 'The expires at must be a date or a date and time (ISO 8601).',
    })
    .refine((at) => Date.parse(at) > Date.now(), 'The expires at must be a date after now.')
    .refine(
      (at) => Date.parse(at) <= Date.now() + TOKEN_MAX_DAYS * 86_400_000,
      `The expires at must be within ${TOKEN_MAX_DAYS} days.`,
    )
    .nullish(),
});
export type AccessTokenCreateInput = z.input<typeof AccessTokenCreateSchema>;
export type AccessTokenCreate = z.output<typeof AccessTokenCreateSchema>;

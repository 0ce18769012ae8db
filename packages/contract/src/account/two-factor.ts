import { z } from 'zod';
import { plainText } from '../common/fields';

/**
 * Two-factor sign-in (docs/design.md §13): TOTP (RFC 6238: SHA-1, 6 digits, 30 s) set up in My
 * Account with a QR code or the secret in text, confirmed with a code, with 10 single-use recovery
 * codes shown once. Sign-in asks for a code (or a recovery code) after the password.
 */
export const TWO_FACTOR_DIGITS = 6;
export const TWO_FACTOR_PERIOD_SECONDS = 30;
export const RECOVERY_CODES = 10;
/** How long the code step of a sign-in waits after the password. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;

/** POST /v1/user/two-factor: a new secret to set up, until confirmed. */
export const TwoFactorSetupSchema = z.object({
  secret: z.string().meta({ description: 'The secret in base32, for apps that take it typed in.' }),
  otpauth_url: z.string(),
  qr_svg: z.string().meta({ description: 'The otpauth URL as a QR code, an SVG image.' }),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

const codeField = z
  .string({ error: 'The code field is required.' })
  .trim()
  .min(1, 'The code field is required.')
  .max(32, 'The code may not be greater than 32 characters.')
  .check(plainText('code'));

/** POST /v1/user/two-factor/confirm: a code of the new secret. */
export const TwoFactorConfirmSchema = z.object({ code: codeField });

/** The recovery codes, shown once: each signs in once in place of a code. */
export const RecoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** DELETE /v1/user/two-factor: the password and a code (or a recovery code). */
export const TwoFactorDisableSchema = z.object({
  password: z.string({ error: 'The password field is required.' }).min(1, 'The password field is required.'),
  code: codeField,
});

/** POST /auth/two-factor: the sign-in's pending step and a code (or a recovery code). */
export const TwoFactorChallengeSchema = z.object({
  challenge: z
    .string({ error: 'The challenge field is required.' })
    .min(1)
    .max(2000)
    .check(plainText('challenge')),
  code: codeField,
});

/** GET/PUT /v1/company/two-factor (admins): whether every user of the company must use it. */
export const CompanyTwoFactorSchema = z.object({
  required: z.boolean({ error: 'The required field must be true or false.' }),
});
export type CompanyTwoFactor = z.infer<typeof CompanyTwoFactorSchema>;

export const TWO_FACTOR_REQUIRED =
  'Your company requires two-factor sign-in: set it up in My Account before anything else.';
export const CODE_INVALID = 'The code is not valid. Enter the current code of your app, or a recovery code.';
export const TWO_FACTOR_ON = 'Two-factor sign-in is on already.';
export const TWO_FACTOR_NOT_STARTED = 'Start the set-up first: there is no code to confirm.';
export const TWO_FACTOR_OFF = 'Two-factor sign-in is off.';
export const TWO_FACTOR_NEEDS_SESSION = 'Two-factor sign-in is set up signed in, not with a token.';
export const CHALLENGE_EXPIRED = 'This sign-in has expired. Sign in again.';

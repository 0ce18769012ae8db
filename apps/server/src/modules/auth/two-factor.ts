import { randomInt } from 'node:crypto';
import {
  CHALLENGE_EXPIRED,
  CODE_INVALID,
  RECOVERY_CODES,
  type RecoveryCodes,
  TWO_FACTOR_CHALLENGE_MINUTES,
  TWO_FACTOR_DIGITS,
  TWO_FACTOR_NOT_STARTED,
  TWO_FACTOR_OFF,
  TWO_FACTOR_ON,
  TWO_FACTOR_PERIOD_SECONDS,
  type TwoFactorSetup,
  type User,
} from '@adstudio/contract';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Executor, Transactor } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { found, unprocessable } from '../../lib/http-errors';
import { verifyPassword } from '../../lib/passwords';
import type { Sealer } from '../../lib/secrets';
import { nowIso } from '../../lib/time';
import { sha256 } from '../../lib/tokens';
import type { AuditLog } from '../audit';
import type { UsersRepository } from '../users';
import type { TwoFactorRepository } from './two-factor.repository';

/** Codes one step either side of now are taken: a phone's clock a little off still signs in. */
const WINDOW = 1;
const ISSUER = 'Adstudio';
/** Recovery codes: ten of `xxxxx-xxxxx` from an alphabet without look-alikes. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const totpOf = (secret: string, label: string) =>
  new TOTP({
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: TWO_FACTOR_DIGITS,
    period: TWO_FACTOR_PERIOD_SECONDS,
  });

const recoveryCode = () => {
  const part = () =>
    Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${part()}-${part()}`;
};
/** A recovery code as typed: case and spaces do not matter. */
const normalized = (code: string) => code.toLowerCase().replace(/\s+/g, '');

interface Deps {
  users: UsersRepository;
  repository: TwoFactorRepository;
  /** Seals the TOTP secret at rest, and a sign-in's pending step (the challenge). */
  sealer: Sealer;
  audit: AuditLog;
  transaction: Transactor;
  /** Counts a code attempt like a failed sign-in (429 past the limit)… */
  throttle(keys: readonly string[]): Promise<void>;
  /** …and gives it back when the code was right. */
  forgive(keys: readonly string[]): Promise<unknown>;
}

/**
 * Two-factor sign-in (TOTP, RFC 6238) with `otpauth`: set up in My Account (a new secret, sealed at
 * rest, confirmed by a first code, then ten recovery codes shown once and stored hashed), asked for
 * after the password (a code is taken once: its time step must be later than the last accepted),
 * turned off with the password and a code, or reset by an admin. Audited on the user.
 */
export function createTwoFactor({ users, repository, sealer, audit, transaction, throttle, forgive }: Deps) {
  const rowOf = async (user: User) => found(await users.findById(user.id));
  const secretOf = (row: UserRow) => (row.two_factor_secret ? sealer.open(row.two_factor_secret) : undefined);
  const changed = (actor: User, row: UserRow, on: boolean, trx: Executor) =>
    audit.log(trx, actor, { entityId: row.id, action: 'updated', changes: { two_factor: [!on, on] } });

  /** Whether `code` is a current TOTP code of the row's secret, taken now (never again), or else an unused recovery code. */
  async function accepts(row: UserRow, code: string, trx?: Executor): Promise<boolean> {
    const secret = secretOf(row);
    if (!secret) return false;
    const digits = code.replace(/\s+/g, '');
    let taken: boolean;
    if (/^[0-9]+$/.test(digits)) {
      const delta = totpOf(secret, row.email).validate({ token: digits, window: WINDOW });
      const step = Math.floor(Date.now() / 1000 / TWO_FACTOR_PERIOD_SECONDS) + (delta ?? 0);
      taken = delta !== null && (await repository.takeStep(row.id, step, trx));
    } else taken = await repository.useRecoveryCode(row.id, sha256(normalized(code)), nowIso(), trx);
    return taken;
  }
  /** A right code gives its attempt back (outside any transaction: the counts are their own rows). */
  const forgiven = <T>(row: UserRow, result: T) => forgive([`2fa:${row.id}`]).then(() => result);

  return {
    /** A new secret to set up (until confirmed; starting again replaces it). */
    async begin(user: User): Promise<TwoFactorSetup> {
      const row = await rowOf(user);
      if (row.two_factor_confirmed_at) throw unprocessable({ two_factor: [TWO_FACTOR_ON] });
      const secret = new Secret({ size: 20 }).base32;
      await users.update(row.id, { two_factor_secret: sealer.seal(secret), two_factor_last_step: null });
      const otpauthUrl = totpOf(secret, row.email).toString();
      return {
        secret,
        otpauth_url: otpauthUrl,
        qr_svg: await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 }),
      };
    },

    /** Confirms the set-up with a first code: on from now, with ten recovery codes shown once. */
    async confirm(user: User, code: string): Promise<RecoveryCodes> {
      const row = await rowOf(user);
      if (row.two_factor_confirmed_at) throw unprocessable({ code: [TWO_FACTOR_ON] });
      if (!row.two_factor_secret) throw unprocessable({ code: [TWO_FACTOR_NOT_STARTED] });
      await throttle([`2fa:${row.id}`]);
      const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
      const confirmed = await transaction(async (trx) => {
        if (!/^[0-9\s]+$/.test(code) || !(await accepts(row, code, trx)))
          throw unprocessable({ code: [CODE_INVALID] });
        await users.update(row.id, { two_factor_confirmed_at: nowIso() }, trx);
        await repository.replaceRecoveryCodes(
          row.id,
          codes.map((c) => sha256(c)),
          trx,
        );
        await changed(user, row, true, trx);
        return { recovery_codes: codes };
      });
      return forgiven(row, confirmed);
    },

    /** Turns it off, with the password and a code (or a recovery code). */
    async disable(user: User, password: string, code: string): Promise<void> {
      const row = await rowOf(user);
      if (!row.two_factor_confirmed_at) throw unprocessable({ code: [TWO_FACTOR_OFF] });
      await throttle([`2fa:${row.id}`]);
      if (!(await verifyPassword(row.password_hash, password)))
        throw unprocessable({ password: ['The provided password does not match your current password.'] });
      await transaction(async (trx) => {
        if (!(await accepts(row, code, trx))) throw unprocessable({ code: [CODE_INVALID] });
        await repository.clear(row.id, trx);
        await changed(user, row, false, trx);
      });
      await forgiven(row, undefined);
    },

    /** An admin's reset of a user's two-factor (a lost phone): off, to be set up again. */
    reset: (admin: User, id: number): Promise<void> =>
      transaction(async (trx) => {
        const row = found(await users.inCompany(admin.company_id, id, trx));
        if (!row.two_factor_confirmed_at && !row.two_factor_secret) return;
        await repository.clear(row.id, trx);
        await audit.log(trx, admin, {
          entityId: row.id,
          action: 'updated',
          changes: { two_factor: ['on', 'reset'] },
        });
      }),

    /** The pending step of a sign-in whose password was right: sealed, for a few minutes. */
    challenge: (row: UserRow, replaces?: string): string =>
      sealer.seal(
        JSON.stringify({
          u: row.id,
          e: Date.now() + TWO_FACTOR_CHALLENGE_MINUTES * 60_000,
          r: replaces ?? null,
        }),
      ),

    /**
     * The code step of a sign-in: the challenge still good, the code taken (attempts limited like
     * passwords). Answers the user to sign in and the session it replaces, if any.
     */
    async complete(challenge: string, code: string): Promise<{ row: UserRow; replaces: string | undefined }> {
      let pending: { u: number; e: number; r: string | null };
      try {
        pending = JSON.parse(sealer.open(challenge));
      } catch {
        throw unprocessable({ challenge: [CHALLENGE_EXPIRED] });
      }
      if (!(pending.e > Date.now())) throw unprocessable({ challenge: [CHALLENGE_EXPIRED] });
      await throttle([`2fa:${pending.u}`]);
      const row = await users.findById(pending.u);
      if (row?.status !== 'active' || !row.two_factor_confirmed_at)
        throw unprocessable({ challenge: [CHALLENGE_EXPIRED] });
      if (!(await accepts(row, code))) throw unprocessable({ code: [CODE_INVALID] });
      return forgiven(row, { row, replaces: pending.r ?? undefined });
    },
  };
}
export type TwoFactor = ReturnType<typeof createTwoFactor>;

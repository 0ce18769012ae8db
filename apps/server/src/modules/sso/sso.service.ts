import {
  isAdmin,
  SSO_BREAK_GLASS_INVALID,
  SSO_CALLBACK_PATH,
  SSO_DOMAIN_TAKEN,
  SSO_ISSUER_HTTPS,
  SSO_SECRET_REQUIRED,
  type SsoSettings,
  type SsoUpdate,
  type User,
} from '@adstudio/contract';
import type { Selectable } from 'kysely';
import type { Transactor } from '../../db/database';
import type { CompanySsoTable } from '../../db/schema';
import { diff } from '../../lib/audit-changes';
import { isUniqueViolation } from '../../lib/db-errors';
import { forbidden, unprocessable } from '../../lib/http-errors';
import { parseJson } from '../../lib/json';
import type { Sealer } from '../../lib/secrets';
import { nowIso } from '../../lib/time';
import type { SavedUrlCheck } from '../../net/saved-url';
import type { AuditLog } from '../audit';
import type { SsoRepository } from './sso.repository';

interface Deps {
  sso: SsoRepository;
  sealer: Sealer;
  /** Refuses an issuer the SSRF guard would refuse at every sign-in (422 on `issuer`). */
  reachable: SavedUrlCheck;
  /** DATASOURCE_ALLOW_HOSTS: the only hosts an `http://` issuer may have (a test's provider). */
  allowHosts: readonly string[];
  appUrl: string;
  audit: AuditLog;
  transaction: Transactor;
}

type SsoRow = Selectable<CompanySsoTable>;

/** Whether `issuer` may be reached without TLS: only a host the operator allowed (tests). */
export const insecureIssuerAllowed = (issuer: string, allowHosts: readonly string[]) => {
  const url = new URL(issuer);
  return url.protocol === 'https:' || allowHosts.includes(url.hostname.replace(/^\[|\]$/g, ''));
};

/**
 * Settings → SSO (docs/design.md §13), admins only: the company's OpenID Connect provider, its
 * domains, JIT or invited-only, the default access of JIT users, "required" and the break-glass
 * admins. The client secret is sealed with APP_KEY and never answered; left out, it is kept.
 */
export function createSsoService({ sso, sealer, reachable, allowHosts, appUrl, audit, transaction }: Deps) {
  const assertAdmin = (user: User) => {
    if (!isAdmin(user)) throw forbidden();
  };
  const redirectUri = `${appUrl}${SSO_CALLBACK_PATH}`;

  const shown = (row: SsoRow, domains: string[], breakGlass: number[]): SsoSettings => ({
    issuer: row.issuer,
    client_id: row.client_id,
    has_secret: row.client_secret !== '',
    domains,
    mode: row.mode,
    default_roles: parseJson<string[]>(row.default_roles, []),
    default_permissions: parseJson<string[]>(row.default_permissions, []),
    required: row.required === 1,
    break_glass_user_ids: breakGlass,
    redirect_uri: redirectUri,
    updated_at: row.updated_at,
  });

  /** What the audit compares: the settings as shown, without the secret. */
  const audited = (settings: SsoSettings | undefined) =>
    settings
      ? {
          issuer: settings.issuer,
          client_id: settings.client_id,
          domains: settings.domains,
          mode: settings.mode,
          default_roles: settings.default_roles,
          default_permissions: settings.default_permissions,
          required: settings.required,
          break_glass_user_ids: settings.break_glass_user_ids,
        }
      : {};

  const read = async (companyId: number, trx?: Parameters<SsoRepository['find']>[1]) => {
    const row = await sso.find(companyId, trx);
    if (!row) return undefined;
    return shown(row, await sso.domains(companyId, trx), await sso.breakGlass(companyId, trx));
  };

  return {
    /** The settings, or null while the company has none. */
    async get(user: User): Promise<SsoSettings | null> {
      assertAdmin(user);
      return (await read(user.company_id)) ?? null;
    },

    async update(user: User, body: SsoUpdate): Promise<SsoSettings> {
      assertAdmin(user);
      reachable(body.issuer, 'issuer');
      if (!insecureIssuerAllowed(body.issuer, allowHosts))
        throw unprocessable({ issuer: [SSO_ISSUER_HTTPS] });
      const taken = () => unprocessable({ domains: [SSO_DOMAIN_TAKEN] });
      try {
        return await transaction(async (trx) => {
          const companyId = user.company_id;
          const before = await sso.find(companyId, trx);
          const secret = body.client_secret ? sealer.seal(body.client_secret) : before?.client_secret;
          if (!secret) throw unprocessable({ client_secret: [SSO_SECRET_REQUIRED] });
          if ((await sso.domainsOfOthers(companyId, body.domains, trx)).length) throw taken();
          const admins = await sso.activeAdmins(companyId, body.break_glass_user_ids, trx);
          if (admins.length !== body.break_glass_user_ids.length)
            throw unprocessable({ break_glass_user_ids: [SSO_BREAK_GLASS_INVALID] });
          const old = before ? await read(companyId, trx) : undefined;
          const row = await sso.upsert(
            {
              company_id: companyId,
              issuer: body.issuer,
              client_id: body.client_id,
              client_secret: secret,
              mode: body.mode,
              default_roles: JSON.stringify(body.default_roles),
              default_permissions: JSON.stringify(body.default_permissions),
              required: body.required ? 1 : 0,
              updated_at: nowIso(),
            },
            trx,
          );
          await sso.setDomains(companyId, body.domains, trx);
          await sso.setBreakGlass(companyId, body.break_glass_user_ids, trx);
          const after = shown(
            row,
            [...body.domains].sort(),
            [...body.break_glass_user_ids].sort((a, b) => a - b),
          );
          const changes = diff(audited(old), audited(after));
          if (body.client_secret) changes.client_secret = [before ? 'sealed' : null, 'sealed (new)'];
          await audit.log(trx, user, {
            entityId: companyId,
            action: before ? 'updated' : 'created',
            changes,
          });
          return after;
        });
      } catch (error) {
        // Two companies claiming one domain at once: the primary key refuses the second.
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
    },

    /** Turns single sign-on off: settings, domains and break-glass flags go; passwords work again. */
    async remove(user: User): Promise<void> {
      assertAdmin(user);
      await transaction(async (trx) => {
        const old = await read(user.company_id, trx);
        if (!old || !(await sso.remove(user.company_id, trx))) return;
        const before = audited(old);
        await audit.log(trx, user, {
          entityId: user.company_id,
          action: 'deleted',
          changes: diff(before, Object.fromEntries(Object.keys(before).map((key) => [key, null]))),
        });
      });
    },

    /** Whether the company refuses its users' passwords (the sign-in asks, break-glass users aside). */
    required: (companyId: number) => sso.required(companyId),
  };
}
export type SsoService = ReturnType<typeof createSsoService>;

import { SSO_CALLBACK_PATH, type SsoErrorCode } from '@adstudio/contract';
import type { Selectable } from 'kysely';
import * as oidc from 'openid-client';
import type { Transactor } from '../../db/database';
import type { CompanySsoTable, UserRow } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { parseJson } from '../../lib/json';
import type { Sealer } from '../../lib/secrets';
import { type RefusalLog, safeFetch } from '../../net/safe-fetch';
import type { AuditLog } from '../audit';
import { toUser, type UsersRepository } from '../users';
import type { SsoRepository } from './sso.repository';
import { insecureIssuerAllowed } from './sso.service';

/** How long a started sign-in may take at the provider: the state cookie's life. */
export const SSO_STATE_MINUTES = 10;
const FETCH_TIMEOUT_MS = 10_000;
const FETCH_MAX_BYTES = 1024 * 1024;
const SCOPE = 'openid email profile';

/** A sign-in that single sign-on refused: `code` is the sign-in page's words for it (SSO_ERRORS). */
export class SsoRefusal extends Error {
  override name = 'SsoRefusal';
  constructor(
    readonly code: SsoErrorCode,
    detail?: string,
  ) {
    super(detail ?? code);
  }
}

/** What travels in the sealed state cookie between the start and the callback. */
interface SsoState {
  state: string;
  nonce: string;
  verifier: string;
  companyId: number;
  redirectApp: string;
  /** Epoch ms after which the callback is refused. */
  expires: number;
}

interface Deps {
  sso: SsoRepository;
  users: UsersRepository;
  /** Opens the client secret (sealed by the settings). */
  secrets: Sealer;
  /** Seals the state cookie. */
  states: Sealer;
  allowHosts: readonly string[];
  refusalLog: RefusalLog;
  appUrl: string;
  audit: AuditLog;
  transaction: Transactor;
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();
const listOf = (json: string) => parseJson<string[]>(json, []);

/**
 * Single sign-on with OpenID Connect (docs/design.md §13, decision 0115): the authorization code
 * flow with PKCE, state and nonce through `openid-client`, every request to the provider (discovery,
 * JWKS, token, userinfo) through the SSRF guard. The ID token's signature is checked against the
 * provider's JWKS, with its issuer, audience, expiry and nonce.
 */
export function createSsoSignIn(deps: Deps) {
  const { sso, users, secrets, states, allowHosts, refusalLog, appUrl, audit, transaction } = deps;
  const redirectUri = `${appUrl}${SSO_CALLBACK_PATH}`;

  /** openid-client's fetch, through the SSRF guard (no redirects: the protocol has none to follow). */
  const guardedFetch: oidc.CustomFetch = async (url, options) => {
    const body = options.body;
    const answer = await safeFetch(url, {
      method: options.method === 'POST' ? 'POST' : 'GET',
      headers: options.headers,
      ...(body === undefined || body === null
        ? {}
        : {
            body:
              typeof body === 'string'
                ? body
                : body instanceof URLSearchParams
                  ? body.toString()
                  : Buffer.from(body as ArrayBuffer),
          }),
      timeoutMs: FETCH_TIMEOUT_MS,
      maxBytes: FETCH_MAX_BYTES,
      maxRedirects: 0,
      allowHosts,
      log: refusalLog,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return new Response(answer.status === 204 ? null : new Uint8Array(answer.body), {
      status: answer.status,
      headers: answer.headers,
    });
  };

  /** The provider's configuration for the company's client (discovered at each sign-in step). */
  async function discover(settings: Selectable<CompanySsoTable>) {
    const insecure = new URL(settings.issuer).protocol === 'http:';
    if (insecure && !insecureIssuerAllowed(settings.issuer, allowHosts))
      throw new SsoRefusal('provider', 'http issuer not allowed');
    try {
      const config = await oidc.discovery(
        new URL(settings.issuer),
        settings.client_id,
        undefined,
        oidc.ClientSecretBasic(secrets.open(settings.client_secret)),
        {
          [oidc.customFetch]: guardedFetch,
          ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
        },
      );
      // The ID token's signature against the provider's JWKS, not only TLS to the token endpoint.
      oidc.enableNonRepudiationChecks(config);
      return config;
    } catch (error) {
      throw new SsoRefusal('provider', `discovery failed: ${(error as Error).message}`);
    }
  }

  /**
   * Who signs in, once more should JIT's insert meet the unique email (two callbacks at once: the
   * other made the user); an email a removed user keeps is no account to sign in to.
   */
  async function userFor(
    settings: Selectable<CompanySsoTable>,
    email: string,
    name: string,
  ): Promise<UserRow> {
    try {
      return await signedInUser(settings, email, name);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const made = await users.findByEmail(email);
      if (made?.status !== 'active' || made.company_id !== settings.company_id)
        throw new SsoRefusal('no_account');
      return made;
    }
  }

  /** Signs in who the provider vouched for: active → as they are; invited → joined; none → JIT or refused. */
  async function signedInUser(
    settings: Selectable<CompanySsoTable>,
    email: string,
    name: string,
  ): Promise<UserRow> {
    const companyId = settings.company_id;
    const row = await users.findByEmail(email);
    return transaction(async (trx) => {
      if (row && row.company_id !== companyId) throw new SsoRefusal('no_account', 'user of another company');
      if (row?.status === 'deactivated') throw new SsoRefusal('deactivated');
      if (row?.status === 'invited') {
        await users.update(row.id, { status: 'active' }, trx);
        await audit.log(trx, toUser(row), {
          entityId: row.id,
          action: 'status',
          changes: { status: ['invited', 'active'], sso_sign_in: [null, settings.issuer] },
        });
        return { ...row, status: 'active' };
      }
      if (row) {
        await audit.log(trx, toUser(row), {
          entityId: row.id,
          action: 'updated',
          changes: { sso_sign_in: [null, settings.issuer] },
        });
        return row;
      }
      if (settings.mode !== 'jit') throw new SsoRefusal('no_account');
      const roles = listOf(settings.default_roles);
      const permissions = listOf(settings.default_permissions);
      const created = await users.insert(
        {
          company_id: companyId,
          name,
          email,
          password_hash: '',
          roles: JSON.stringify(roles),
          permissions: JSON.stringify(permissions),
          status: 'active',
        },
        trx,
      );
      // Created by the provider's word: the entry names the new user as the actor.
      await audit.log(trx, toUser(created), {
        entityId: created.id,
        action: 'created',
        changes: {
          status: [null, 'active'],
          email: [null, email],
          name: [null, name],
          roles: [null, roles],
          permissions: [null, permissions],
          sso_sign_in: [null, settings.issuer],
        },
      });
      return created;
    });
  }

  return {
    /**
     * The provider's authorization URL for the company of `email`'s domain, and the sealed state
     * cookie to set. Refuses an email without a domain that signs in with SSO.
     */
    async start(email: string, redirectApp: string): Promise<{ url: string; cookie: string }> {
      if (email.length > 320 || !/^[^@\s]+@[^@\s]+$/.test(email)) throw new SsoRefusal('email');
      const settings = await sso.findByDomain(domainOf(email));
      if (!settings) throw new SsoRefusal('unknown_domain');
      const config = await discover(settings);
      const verifier = oidc.randomPKCECodeVerifier();
      const state: SsoState = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier,
        companyId: settings.company_id,
        redirectApp,
        expires: Date.now() + SSO_STATE_MINUTES * 60_000,
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: state.state,
        nonce: state.nonce,
        login_hint: email,
      });
      return { url: url.href, cookie: states.seal(JSON.stringify(state)) };
    },

    /**
     * The provider's answer (`query`: the callback's query string) checked against the state cookie;
     * answers the user to sign in, and where the SPA goes next.
     */
    async finish(cookie: string | undefined, query: string): Promise<{ user: UserRow; redirectApp: string }> {
      let saved: SsoState;
      try {
        saved = JSON.parse(states.open(cookie ?? '')) as SsoState;
      } catch {
        throw new SsoRefusal('expired', 'no or unreadable state cookie');
      }
      if (!(saved.expires > Date.now())) throw new SsoRefusal('expired', 'state cookie expired');
      const settings = await sso.find(saved.companyId);
      if (!settings) throw new SsoRefusal('unknown_domain', 'settings removed meanwhile');
      const config = await discover(settings);
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(config, new URL(`${redirectUri}?${query}`), {
          pkceCodeVerifier: saved.verifier,
          expectedState: saved.state,
          expectedNonce: saved.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        // openid-client's errors wrap oauth4webapi's, whose message names the check that failed.
        const cause = (error as Error).cause;
        const message = [(error as Error).message, cause instanceof Error ? cause.message : ''].join(': ');
        if (error instanceof oidc.AuthorizationResponseError) throw new SsoRefusal('provider', message);
        if (/"state"/.test(message)) throw new SsoRefusal('state', message);
        throw new SsoRefusal('unverified', message);
      }
      const claims = tokens.claims();
      if (!claims) throw new SsoRefusal('unverified', 'no ID token');
      let {
        email,
        email_verified: verified,
        name,
      } = claims as { email?: unknown; email_verified?: unknown; name?: unknown };
      if (typeof email !== 'string') {
        try {
          const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
          ({ email, email_verified: verified, name } = info);
        } catch (error) {
          throw new SsoRefusal('unverified', `userinfo: ${(error as Error).message}`);
        }
      }
      if (typeof email !== 'string' || verified === false)
        throw new SsoRefusal('unverified', 'no verified email');
      const address = email.trim().toLowerCase();
      const domains = await sso.domains(settings.company_id);
      if (!domains.includes(domainOf(address))) throw new SsoRefusal('domain', `domain of ${address}`);
      const shownName =
        typeof name === 'string' && name.trim() ? name.trim().slice(0, 255) : address.split('@')[0]!;
      const user = await userFor(settings, address, shownName);
      return { user, redirectApp: saved.redirectApp };
    },
  };
}
export type SsoSignIn = ReturnType<typeof createSsoSignIn>;

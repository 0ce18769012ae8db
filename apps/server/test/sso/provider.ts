import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** Who the provider signs in next (its login step is completed by the test, not by a person). */
export interface TestAccount {
  sub: string;
  email: string;
  email_verified?: boolean;
  name?: string;
}

/** A change to the ID token the token endpoint answers, signed again (with the provider's key unless `key`). */
export type IdTokenTamper = (claims: Record<string, unknown>) => Record<string, unknown>;

export interface TestProvider {
  issuer: string;
  /** The account the next login interaction signs in. */
  account: TestAccount;
  /** Rewrites the next ID tokens while set. */
  tamper: IdTokenTamper | undefined;
  /** Signs tampered tokens with another key (the JWKS does not have it). */
  foreignKey: boolean;
  /** Follows a browser's redirects through the provider from its authorization URL to our callback. */
  authorize(url: string, until: string): Promise<string>;
  close(): Promise<void>;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const signJwt = (header: object, claims: object, key: KeyObject) => {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
};

/**
 * A real OpenID provider (`oidc-provider`, the certified Node implementation) on loopback, with the
 * clients given. Its login and consent are completed programmatically: the interaction URL signs in
 * `account` and grants the scopes asked for.
 */
export async function startProvider(
  clients: { client_id: string; client_secret: string; redirect_uri: string }[],
): Promise<TestProvider> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const { privateKey: otherKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = 'test-key';
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const state: TestProvider = {
    issuer,
    account: { sub: 'nobody', email: 'nobody@example.com' },
    tamper: undefined,
    foreignKey: false,
    authorize,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const provider = new Provider(issuer, {
    clients: clients.map(({ client_id, client_secret, redirect_uri }) => ({
      client_id,
      client_secret,
      redirect_uris: [redirect_uri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    jwks: { keys: [jwk] },
    cookies: { keys: ['test cookie key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const account = state.account;
      if (account.sub !== sub) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          email_verified: account.email_verified ?? true,
          ...(account.name ? { name: account.name } : {}),
        }),
      };
    },
  });
  // The tampering: the token endpoint's ID token rewritten and signed again.
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path !== '/token' || !state.tamper || !body?.id_token) return;
    const [header, payload] = body.id_token.split('.');
    const claims = state.tamper(JSON.parse(Buffer.from(payload!, 'base64url').toString()));
    const key = state.foreignKey ? otherKey : privateKey;
    ctx.body = {
      ...body,
      id_token: signJwt(JSON.parse(Buffer.from(header!, 'base64url').toString()), claims, key),
    };
  });

  const handle = provider.callback();
  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return handle(req, res);
    (async () => {
      const details = await provider.interactionDetails(req, res);
      const accountId = state.account.sub;
      const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  /** A browser with its own cookies at the provider, following redirects until one leaves for `until`. */
  async function authorize(url: string, until: string): Promise<string> {
    const jar = new Map<string, string>();
    let location = url;
    for (let hop = 0; hop < 10 && !location.startsWith(until); hop++) {
      const res = await fetch(location, {
        redirect: 'manual',
        headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
      });
      for (const cookie of res.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const at = pair!.indexOf('=');
        jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      const next = res.headers.get('location');
      if (!next) throw new Error(`The provider answered ${res.status} at ${location}: ${await res.text()}`);
      location = new URL(next, location).href;
    }
    return location;
  }

  return state;
}

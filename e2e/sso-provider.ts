import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type OidcProvider from 'oidc-provider';

export interface E2eProvider {
  issuer: string;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (`oidc-provider`, apps/server's test dependency, found from there: npm
 * may keep it in apps/server/node_modules) on loopback, with its own development login and consent
 * pages. Its login takes any name and password: the name typed is the account, and its `email`.
 */
export async function startE2eProvider(client: {
  client_id: string;
  client_secret: string;
  redirect_uri: string;
}): Promise<E2eProvider> {
  const fromServer = createRequire(path.resolve(import.meta.dirname, '../apps/server/package.json'));
  const { default: Provider } = (await import(pathToFileURL(fromServer.resolve('oidc-provider')).href)) as {
    default: typeof OidcProvider;
  };
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.client_id,
        client_secret: client.client_secret,
        redirect_uris: [client.redirect_uri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'e2e', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: ['e2e cookie key'] },
    claims: { email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, email: sub, email_verified: true }),
    }),
  });
  server.on('request', provider.callback());
  return {
    issuer,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

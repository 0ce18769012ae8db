import { TOKEN_READ_ONLY } from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, engine, type TestApp } from '../helper';

/**
 * The abilities matrix (docs/design.md §12): every documented operation of the API, with a
 * `read` token and with a `write` token of an admin. A read token is refused (403, naming the
 * ability) exactly where a signed-in browser needs the XSRF header — every write, and the GETs
 * that change state — and nowhere else; a write token is never refused for its ability, never
 * asked for an XSRF header (419), never unauthenticated (401). Ids are of no row: a write that
 * passes its guards answers 404 or 422 and changes nothing.
 */
let t: TestApp;
let admin: Client;
let read: string;
let write: string;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
  admin = await t.injectAs(await t.createUser({ roles: ['admin'] }));
  const make = async (abilities: string[]) =>
    (await admin.post('/v1/user/tokens', { name: abilities.join('+'), abilities })).json().data
      .token as string;
  read = await make(['read']);
  write = await make(['read', 'write']);
});
afterAll(() => t.close());

describe(`the abilities matrix (${engine})`, () => {
  it('refuses a read token exactly where a session needs the XSRF header, and a write token nowhere', async () => {
    const doc = (await admin.get('/docs/json')).json() as {
      paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
    };
    const sessionOnly = new Set(
      t.app.routeTable
        .filter((route) => route.sessionOnly)
        .map((route) => `${route.method} ${route.url.replace(/:([A-Za-z]+)/g, '{$1}')}`),
    );
    expect(sessionOnly.size).toBeGreaterThan(5);
    let cells = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      if (!/^\/(v1|vapor)\//.test(path)) continue;
      const url = path.replace(/\{[^}]+\}/g, '987654321');
      for (const method of Object.keys(item).map((m) => m.toUpperCase())) {
        if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
        // Managed signed in, whatever the ability (session-only.test.ts).
        if (sessionOnly.has(`${method} ${path}`)) continue;
        const as = (token: string) =>
          t.app.inject({
            method: method as 'GET',
            url,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            ...(method === 'GET' || method === 'DELETE' ? {} : { payload: '{}' }),
          });
        const session = await admin.inject({
          method: method as 'GET',
          url,
          xsrf: false,
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        const needsXsrf = session.statusCode === 419;
        const [byReader, byWriter] = [await as(read), await as(write)];
        const where = `${method} ${path}`;
        const readRefused = byReader.statusCode === 403 && byReader.json().message === TOKEN_READ_ONLY;
        expect(
          readRefused,
          `${where}: read token ${byReader.statusCode} ${byReader.body.slice(0, 200)}`,
        ).toBe(needsXsrf);
        if (!needsXsrf) expect([401, 419], `${where}: read token`).not.toContain(byReader.statusCode);
        expect([401, 419], `${where}: write token ${byWriter.body.slice(0, 200)}`).not.toContain(
          byWriter.statusCode,
        );
        expect(byWriter.statusCode < 500, `${where}: write token ${byWriter.statusCode}`).toBe(true);
        if (byWriter.statusCode === 403) expect(byWriter.json().message, where).not.toBe(TOKEN_READ_ONLY);
        cells += 2;
      }
    }
    // Every operation of the API, both abilities: the matrix cannot be empty by accident.
    expect(cells).toBeGreaterThan(150);
  }, 60_000); // Every operation with each token, each request counted in PostgreSQL by the shared rate limits.
});

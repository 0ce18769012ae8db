import type { Db } from '@adstudio/server/src/db/database';
import { hashPassword } from '@adstudio/server/src/lib/passwords';
import { createUsersRepository } from '@adstudio/server/src/modules/users/users.repository';
import { sql } from 'kysely';
import { type CompanySize, fillCompany, PASSWORD } from './fill';
import { signIn } from './http';
import { seconds } from './stats';

/** Enough rows that lists page, sort and filter as in a real company; filled in a few seconds. */
export const LOAD_SIZE: CompanySize = { campaigns: 2000, creatives: 10_000, profiles: 200 };
/**
 * Token links made for the token pages. Each token and IP may be opened 120 times a minute per
 * instance (token-route.ts): the pool is large enough that the limit is never what is measured.
 */
const LINKS_PER_KIND = 100;

export interface LoadData {
  companyName: string;
  /** Live rows of the filled company. */
  campaignIds: number[];
  creativeIds: number[];
  /** A campaign's full name, for an exact search. */
  exactCampaign: string;
  /** One user per virtual user, all admins of the filled company. */
  users: { email: string; password: string }[];
}

/**
 * The filled company on top of the demo seed (fill.ts, straight into the database), one admin per
 * virtual user, and statistics as autovacuum would leave them after a bulk load.
 */
export async function fillForLoad(db: Db, userCount: number): Promise<LoadData> {
  const started = performance.now();
  const companyName = 'Load Co';
  const company = await fillCompany(db, { name: companyName, size: LOAD_SIZE, seed: 31 });
  const hash = await hashPassword(PASSWORD);
  const users = createUsersRepository(db);
  const logins: LoadData['users'] = [];
  for (let i = 1; i <= userCount; i++) {
    const email = `vu-${i}@load.example.com`;
    await users.insert({
      company_id: company.id,
      name: `Virtual user ${i}`,
      email,
      password_hash: hash,
      roles: JSON.stringify(['admin']),
      permissions: '[]',
    });
    logins.push({ email, password: PASSWORD });
  }
  const t0 = performance.now();
  const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables
    where schemaname = current_schema()`.execute(db);
  for (const { name } of rows) await sql`vacuum analyze ${sql.id(name)}`.execute(db);
  console.log(`  ${userCount} users; vacuum analyze ${rows.length} tables ${seconds(t0)}`);

  const live = async (table: 'campaigns' | 'creatives') =>
    (
      await db
        .selectFrom(table)
        .select('id')
        .where('company_id', '=', company.id)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .execute()
    ).map((row) => row.id);
  const data: LoadData = {
    companyName,
    campaignIds: await live('campaigns'),
    creativeIds: await live('creatives'),
    exactCampaign: company.landmarks.exactCampaign,
    users: logins,
  };
  console.log(
    `  filled in ${seconds(started)}: ${data.campaignIds.length.toLocaleString('en')} live campaigns, ${data.creativeIds.length.toLocaleString('en')} live creatives`,
  );
  return data;
}

/** A signed-in virtual user's cookies and XSRF token (sessions live in the database: any instance takes them). */
export interface Session {
  cookie: string;
  xsrf: string;
}

const xsrfOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith('XSRF-TOKEN='))
    ?.slice('XSRF-TOKEN='.length);

/** Signs in as the SPA does (http.ts), then reads the session's XSRF token from the next answer. */
export async function openSession(base: string, email: string, password: string): Promise<Session> {
  const client = await signIn(base, email, password);
  const res = await fetch(`${base}/v1/user`, { headers: client.headers });
  await res.arrayBuffer();
  const xsrf = xsrfOf(res);
  if (res.status !== 200 || !xsrf) throw new Error(`GET /v1/user after sign-in answered ${res.status}`);
  return { cookie: `${client.headers.cookie}; XSRF-TOKEN=${xsrf}`, xsrf };
}

export const writeHeaders = (session: Session) => ({
  cookie: session.cookie,
  'x-xsrf-token': session.xsrf,
  'content-type': 'application/json',
});

/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]!);
      }
    }),
  );
  return results;
}

/** Spread over the table, so the links name old and new rows alike. */
const spread = (ids: readonly number[], count: number) =>
  Array.from({ length: Math.min(count, ids.length) }, (_, i) => ids[Math.floor((i * ids.length) / count)]!);

async function json(res: Response, what: string): Promise<{ data: Record<string, unknown> }> {
  const body = await res.text();
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${body.slice(0, 300)}`);
  return JSON.parse(body);
}

/** Report links of campaigns and preview links of creatives, made through the API as a user would. */
export async function makeTokenLinks(base: string, session: Session, data: LoadData) {
  const report = await inParallel(spread(data.campaignIds, LINKS_PER_KIND), 8, async (id) => {
    const res = await fetch(`${base}/v1/campaigns/${id}/report/url`, {
      method: 'POST',
      headers: writeHeaders(session),
      body: '{}',
    });
    return String((await json(res, `POST /v1/campaigns/${id}/report/url`)).data.token);
  });
  const preview = await inParallel(spread(data.creativeIds, LINKS_PER_KIND), 8, async (id) => {
    const res = await fetch(`${base}/v1/creatives/${id}/preview-url`, { headers: writeHeaders(session) });
    const url = String((await json(res, `GET /v1/creatives/${id}/preview-url`)).data.url);
    return url.slice(url.lastIndexOf('/') + 1);
  });
  return { report, preview };
}

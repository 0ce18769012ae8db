import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCondition } from '../conditions/fixtures';
import { insertDataSource } from '../data-sources/fixtures';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { insertMediaEntity } from '../media-entities/fixtures';
import { insertCampaign, insertCreative, insertProfile, insertTemplate } from '../rows';

/**
 * Every "name is unique" rule is a unique index over live rows, ignoring case, besides the check
 * before each write: writes racing past the check meet the index and answer the check's 422. On
 * PostgreSQL the requests below run at once on the pool's connections; SQLite runs one write
 * transaction at a time, so there the check answers and the index is the guarantee behind it.
 */

const TAKEN = 'The name has already been taken.';
const NAME_TAKEN = { message: TAKEN, errors: { name: [TAKEN] } };
const DOMAIN = 'The domain has already been taken.';
const DOMAIN_TAKEN = { message: DOMAIN, errors: { domain: [DOMAIN] } };
const N = 20;

let t: TestApp;
let admin: Client;
let campaignId: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.injectAs(await t.createUser({ roles: ['admin'] }));
  campaignId = await insertCampaign(t.db, { companyId: t.companyId, name: 'Creatives live here' });
});
afterAll(async () => {
  await t.app.jobs.idle();
  await t.close();
});

let seq = 0;
const unique = (base: string) => `${base} ${++seq}`;
/** The i-th of the racing spellings of one name: as given, upper case, lower case in turn. */
const spelling = (name: string, i: number) => [name, name.toUpperCase(), name.toLowerCase()][i % 3]!;
const times = <T>(n: number, make: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => make(i)));

/** The answers by status, and the bodies of the refused ones. */
const tally = (answers: readonly LightMyRequestResponse[]) => {
  const byStatus: Record<number, number> = {};
  for (const res of answers) byStatus[res.statusCode] = (byStatus[res.statusCode] ?? 0) + 1;
  return { byStatus, refused: answers.filter((res) => res.statusCode === 422).map((res) => res.json()) };
};

type Table =
  | 'campaigns'
  | 'creatives'
  | 'profiles'
  | 'profile_templates'
  | 'conditions'
  | 'data_sources'
  | 'media_entities';

interface Kind {
  kind: string;
  url: string;
  table: Table;
  /** A create body with this name. */
  body(name: string): Record<string, unknown>;
  /** A PUT body that renames (the template's PUT takes the whole template). */
  rename(name: string): Record<string, unknown>;
  /** A row inserted directly, live or soft-deleted; answers its id. */
  insert(name: string, deleted?: boolean): Promise<number>;
  restorable: boolean;
}

const COLUMNS = [{ name: 'Headline', type: 'text', required: false }];
const byName = (name: string) => ({ name });

const KINDS: Kind[] = [
  {
    kind: 'campaigns',
    url: '/v1/campaigns',
    table: 'campaigns',
    body: byName,
    rename: byName,
    insert: (name, deleted) => insertCampaign(t.db, { companyId: t.companyId, name, deleted }),
    restorable: true,
  },
  {
    kind: 'creatives',
    url: '/v1/creatives',
    table: 'creatives',
    body: (name) => ({ campaign_id: campaignId, name, width: 300, height: 250 }),
    rename: byName,
    insert: (name, deleted) => insertCreative(t.db, { companyId: t.companyId, campaignId, name, deleted }),
    restorable: true,
  },
  {
    kind: 'profiles',
    url: '/v1/profiles',
    table: 'profiles',
    // Its first sync fails at once: the SSRF guard refuses a loopback address.
    body: (name) => ({ name, source: 'url', url: 'https://feeds.invalid/feed.csv' }),
    rename: byName,
    insert: (name, deleted) => insertProfile(t.db, { companyId: t.companyId, name, deleted }),
    restorable: true,
  },
  {
    kind: 'profile templates',
    url: '/v1/profile-templates',
    table: 'profile_templates',
    body: (name) => ({ name, columns: COLUMNS }),
    rename: (name) => ({ name, columns: COLUMNS }),
    insert: (name, deleted) => insertTemplate(t.db, { companyId: t.companyId, name, deleted }),
    restorable: false,
  },
  {
    kind: 'conditions',
    url: '/v1/conditions',
    table: 'conditions',
    body: (name) => ({
      name,
      logic: 'all',
      predicates: [{ field: 'weekday', operator: 'in', value: ['sat', 'sun'] }],
    }),
    rename: byName,
    insert: (name, deleted) => insertCondition(t.db, { companyId: t.companyId, name, deleted }),
    restorable: true,
  },
  {
    kind: 'data sources',
    url: '/v1/datasource',
    table: 'data_sources',
    body: (name) => ({ name, url: 'https://api.example.com/value', refresh_seconds: 600, timeout_ms: 2000 }),
    rename: byName,
    insert: (name, deleted) => insertDataSource(t.db, { companyId: t.companyId, name, deleted }),
    restorable: true,
  },
  {
    kind: 'media entities',
    url: '/v1/media-entities',
    table: 'media_entities',
    body: byName,
    rename: byName,
    insert: (name, deleted) => insertMediaEntity(t.db, { companyId: t.companyId, name, deleted }),
    restorable: true,
  },
];

/** Live rows of the company (and, for creatives, of the campaign) named `name`, ignoring case. */
async function liveNamed(kind: Kind, name: string): Promise<number> {
  const scope = kind.table === 'creatives' ? sql`and campaign_id = ${campaignId}` : sql``;
  const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(kind.table)}
    where company_id = ${t.companyId} and deleted_at is null and lower(name) = lower(${name}) ${scope}`.execute(
    t.db,
  );
  return Number(rows[0]!.n);
}

describe.each(KINDS)('unique names: $kind', (kind) => {
  it(`${N} concurrent creates of one name in three spellings: one 201, the rest the check's 422`, async () => {
    const name = unique('Race');
    const answers = await times(N, (i) => admin.post(kind.url, kind.body(spelling(name, i))));
    const { byStatus, refused } = tally(answers);
    expect(byStatus).toEqual({ 201: 1, 422: N - 1 });
    // The same body a create after them gets from the check.
    const after = await admin.post(kind.url, kind.body(name.toUpperCase()));
    expect(after.statusCode).toBe(422);
    expect(after.json()).toEqual(NAME_TAKEN);
    for (const body of refused) expect(body).toEqual(NAME_TAKEN);
    expect(await liveNamed(kind, name)).toBe(1);
  });

  it(`${N} concurrent renames of different rows to one name: one 200, the rest 422`, async () => {
    const ids = await times(N, () => kind.insert(unique('Before rename')));
    const name = unique('Renamed');
    const answers = await times(N, (i) => admin.put(`${kind.url}/${ids[i]}`, kind.rename(spelling(name, i))));
    const { byStatus, refused } = tally(answers);
    expect(byStatus).toEqual({ 200: 1, 422: N - 1 });
    for (const body of refused) expect(body).toEqual(NAME_TAKEN);
    expect(await liveNamed(kind, name)).toBe(1);
  });

  it.runIf(kind.restorable)(
    `a deleted row whose name is live again stays deleted (422), also ${N} restored at once`,
    async () => {
      const name = unique('Comeback');
      await kind.insert(name);
      const gone = await kind.insert(name.toLowerCase(), true);
      const refused = await admin.post(`${kind.url}/${gone}/restore`);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual(NAME_TAKEN);

      const twins = unique('Twins');
      const ids = await times(N, (i) => kind.insert(spelling(twins, i), true));
      const { byStatus, refused: bodies } = tally(
        await times(N, (i) => admin.post(`${kind.url}/${ids[i]}/restore`)),
      );
      expect(byStatus).toEqual({ 200: 1, 422: N - 1 });
      for (const body of bodies) expect(body).toEqual(NAME_TAKEN);
      expect(await liveNamed(kind, twins)).toBe(1);
    },
  );
});

describe('unique names: creatives moved, clones and bulk restores', () => {
  it(`${N} creatives of one name moved at once into one campaign: one 200, the rest 422`, async () => {
    const name = unique('Mover');
    const target = await insertCampaign(t.db, { companyId: t.companyId, name: unique('Target') });
    const ids = await times(N, async (i) =>
      insertCreative(t.db, {
        companyId: t.companyId,
        campaignId: await insertCampaign(t.db, { companyId: t.companyId, name: unique('From') }),
        name: spelling(name, i),
      }),
    );
    const { byStatus, refused } = tally(
      await times(N, (i) => admin.put(`/v1/creatives/${ids[i]}`, { campaign_id: target })),
    );
    expect(byStatus).toEqual({ 200: 1, 422: N - 1 });
    for (const body of refused) expect(body).toEqual(NAME_TAKEN);
  });

  it.each([
    ['campaigns', (name: string) => insertCampaign(t.db, { companyId: t.companyId, name })],
    ['creatives', (name: string) => insertCreative(t.db, { companyId: t.companyId, campaignId, name })],
  ] as const)(`${N} concurrent clones of one of the %s: each its own copy name`, async (section, insert) => {
    const original = unique('Original');
    const source = await insert(original);
    const answers = await times(N, () => admin.post(`/v1/${section}/${source}/clone`));
    expect(tally(answers).byStatus).toEqual({ 201: N });
    const names = answers.map((res) => res.json().data.name as string).sort();
    const copies = Array.from({ length: N }, (_, i) => `${original} (copy${i === 0 ? '' : ` ${i + 1}`})`);
    expect(names).toEqual(copies.sort());
  });

  it.each([
    ['campaigns', (name: string) => insertCampaign(t.db, { companyId: t.companyId, name, deleted: true })],
    [
      'creatives',
      (name: string) => insertCreative(t.db, { companyId: t.companyId, campaignId, name, deleted: true }),
    ],
  ] as const)(
    `${N} concurrent bulk restores of deleted %s of one name: one restored, the rest refused by name`,
    async (section, insert) => {
      const name = unique('Bulk twins');
      const ids = await times(N, (i) => insert(spelling(name, i)));
      const answers = await times(N, (i) =>
        admin.post(`/v1/${section}/bulk`, { action: 'restore', ids: [ids[i]] }),
      );
      expect(tally(answers).byStatus).toEqual({ 200: N });
      const results = answers.map((res) => res.json().data[0]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      for (const r of results.filter((r) => !r.ok)) expect(r.message).toBe(TAKEN);
    },
  );
});

describe('unique domains: media entities', () => {
  const create = (name: string, domain: string | null) =>
    admin.post('/v1/media-entities', { name, domain: domain ?? '' });

  it('refuses a domain another live publisher has, ignoring case; none, a deleted one and another company’s are free', async () => {
    expect((await create(unique('Herald'), 'herald-one.example')).statusCode).toBe(201);
    const taken = await create(unique('Herald copy'), 'HERALD-ONE.example');
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual(DOMAIN_TAKEN);
    // Name and domain both taken: both fields say so.
    const herald = unique('Both');
    expect((await create(herald, 'both.example')).statusCode).toBe(201);
    expect((await create(herald.toUpperCase(), 'both.example')).json()).toEqual({
      message: TAKEN,
      errors: { name: [TAKEN], domain: [DOMAIN] },
    });
    // No domain, twice (null, or blank which is stored as none).
    for (const domain of [null, null, '  '])
      expect((await create(unique('Nameless'), domain)).statusCode).toBe(201);
    await insertMediaEntity(t.db, {
      companyId: t.companyId,
      name: unique('Gone'),
      domain: 'gone.example',
      deleted: true,
    });
    expect((await create(unique('Back'), 'gone.example')).statusCode).toBe(201);
    const other = await t.createCompany();
    await insertMediaEntity(t.db, { companyId: other, name: unique('Theirs'), domain: 'theirs.example' });
    expect((await create(unique('Ours'), 'theirs.example')).statusCode).toBe(201);
  });

  it('refuses a rename to a taken domain and a restore whose domain is live again', async () => {
    await insertMediaEntity(t.db, { companyId: t.companyId, name: unique('Daily'), domain: 'daily.example' });
    const mine = await insertMediaEntity(t.db, {
      companyId: t.companyId,
      name: unique('Mine'),
      domain: 'mine.example',
    });
    const renamed = await admin.put(`/v1/media-entities/${mine}`, { domain: 'DAILY.example' });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json()).toEqual(DOMAIN_TAKEN);
    // Its own domain is no clash.
    expect(
      (await admin.put(`/v1/media-entities/${mine}`, { domain: 'mine.example', name: unique('Mine') }))
        .statusCode,
    ).toBe(200);
    const gone = await insertMediaEntity(t.db, {
      companyId: t.companyId,
      name: unique('Gone daily'),
      domain: 'Daily.Example',
      deleted: true,
    });
    const restored = await admin.post(`/v1/media-entities/${gone}/restore`);
    expect(restored.statusCode).toBe(422);
    expect(restored.json()).toEqual(DOMAIN_TAKEN);
  });

  it(`${N} concurrent creates of one domain under different names: one 201, the rest the check's 422`, async () => {
    const domain = `race-${++seq}.example`;
    const answers = await times(N, (i) => create(unique('Racer'), i % 2 ? domain.toUpperCase() : domain));
    const { byStatus, refused } = tally(answers);
    expect(byStatus).toEqual({ 201: 1, 422: N - 1 });
    for (const body of refused) expect(body).toEqual(DOMAIN_TAKEN);
    expect((await create(unique('Late'), domain)).json()).toEqual(DOMAIN_TAKEN);
  });
});

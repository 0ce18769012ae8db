import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDataSource } from '../conditions/fixtures';
import { buildTestApp, type Client, engine, type TestApp } from '../helper';
import {
  insertAsset,
  insertCampaign,
  insertCondition,
  insertCreative,
  insertPackage,
  insertProfile,
  insertRules,
  insertTemplate,
} from '../rows';

/**
 * One version rule on every update of every entity: `updated_at` in the body or `If-Match` is
 * optional; a stale one answers 409 and writes nothing; without one the update is unconditional.
 */
let t: TestApp;
let admin: Client;
let campaignId: number;
let seq = 0;
const STALE = '2000-01-01T00:00:00.000Z';

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.injectAs(await t.createUser({ roles: ['admin'] }));
  campaignId = await insertCampaign(t.db, { companyId: t.companyId, name: 'Versions' });
});
afterAll(() => t.close());

interface Case {
  method: 'PUT' | 'POST';
  url: string;
  /** Three different changes: tried stale, then with the current version, then without one. */
  changes: [object, object, object];
  /** The stored value the changes set, to see which one landed. */
  stored: () => Promise<unknown>;
  /** The value each change stores. */
  valueOf: (change: object) => unknown;
  version: () => Promise<string>;
}

const named = (
  table:
    | 'campaigns'
    | 'creatives'
    | 'assets'
    | 'profiles'
    | 'conditions'
    | 'data_sources'
    | 'media_entities'
    | 'profile_templates',
  id: number,
) => ({
  stored: async () =>
    (await t.db.selectFrom(table).select('name').where('id', '=', id).executeTakeFirstOrThrow()).name,
  version: async () =>
    (await t.db.selectFrom(table).select('updated_at').where('id', '=', id).executeTakeFirstOrThrow())
      .updated_at,
  valueOf: (change: object) => (change as { name: string }).name,
});
const names = (extra: object = {}): [object, object, object] => [
  { name: `Stale ${++seq}`, ...extra },
  { name: `Current ${++seq}`, ...extra },
  { name: `Unversioned ${++seq}`, ...extra },
];
const companyId = () => t.companyId;

const CASES: Record<string, () => Promise<Case>> = {
  campaign: async () => {
    const id = await insertCampaign(t.db, { companyId: companyId(), name: `Campaign ${++seq}` });
    return { method: 'PUT', url: `/v1/campaigns/${id}`, changes: names(), ...named('campaigns', id) };
  },
  creative: async () => {
    const id = await insertCreative(t.db, { companyId: companyId(), campaignId, name: `Creative ${++seq}` });
    return { method: 'PUT', url: `/v1/creatives/${id}`, changes: names(), ...named('creatives', id) };
  },
  asset: async () => {
    const creativeId = await insertCreative(t.db, { companyId: companyId(), campaignId, name: `A ${++seq}` });
    const id = await insertAsset(t.db, { companyId: companyId(), creativeId });
    return { method: 'PUT', url: `/v1/assets/${id}`, changes: names(), ...named('assets', id) };
  },
  package: async () => {
    const creativeId = await insertCreative(t.db, { companyId: companyId(), campaignId, name: `P ${++seq}` });
    const id = await insertPackage(t.db, { companyId: companyId(), creativeId });
    const row = () => t.db.selectFrom('packages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return {
      method: 'PUT',
      url: `/v1/creatives/${creativeId}/packages/${id}`,
      changes: [
        { notes: `Stale ${++seq}` },
        { notes: `Current ${++seq}` },
        { notes: `Unversioned ${++seq}` },
      ],
      stored: async () => (await row()).notes,
      valueOf: (change) => (change as { notes: string }).notes,
      version: async () => (await row()).updated_at,
    };
  },
  profile: async () => {
    const id = await insertProfile(t.db, { companyId: companyId(), name: `Profile ${++seq}` });
    return { method: 'PUT', url: `/v1/profiles/${id}`, changes: names(), ...named('profiles', id) };
  },
  condition: async () => {
    const id = await insertCondition(t.db, { companyId: companyId(), name: `Condition ${++seq}` });
    return { method: 'PUT', url: `/v1/conditions/${id}`, changes: names(), ...named('conditions', id) };
  },
  'data source': async () => {
    const id = await insertDataSource(t.db, { companyId: companyId(), name: `Source ${++seq}` });
    return { method: 'PUT', url: `/v1/datasource/${id}`, changes: names(), ...named('data_sources', id) };
  },
  'media entity': async () => {
    const at = new Date().toISOString();
    const { id } = await t.db
      .insertInto('media_entities')
      .values({ company_id: companyId(), name: `Publisher ${++seq}`, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      method: 'PUT',
      url: `/v1/media-entities/${id}`,
      changes: names(),
      ...named('media_entities', id),
    };
  },
  template: async () => {
    const id = await insertTemplate(t.db, { companyId: companyId(), name: `Template ${++seq}` });
    const columns = [{ name: 'Headline', type: 'text', required: false }];
    return {
      method: 'PUT',
      url: `/v1/profile-templates/${id}`,
      changes: names({ columns }),
      ...named('profile_templates', id),
    };
  },
  'dynamic code': async () => {
    const profileId = await insertProfile(t.db, { companyId: companyId(), name: `Feed ${++seq}` });
    await insertRules(t.db, { companyId: companyId(), profileId, rows: [{ Unique_ID: 'a', Headline: 'A' }] });
    const creativeId = await insertCreative(t.db, { companyId: companyId(), campaignId, name: `D ${++seq}` });
    await t.db.updateTable('creatives').set({ profile_id: profileId }).where('id', '=', creativeId).execute();
    expect((await admin.post(`/v1/creatives/${creativeId}/dynamic-code`, {})).statusCode).toBe(200);
    const row = () =>
      t.db
        .selectFrom('dynamic_codes')
        .selectAll()
        .where('creative_id', '=', creativeId)
        .executeTakeFirstOrThrow();
    return {
      method: 'POST',
      url: `/v1/creatives/${creativeId}/dynamic-code/status`,
      changes: [{ status: 'implemented' }, { status: 'implemented' }, { status: 'verified' }],
      stored: async () => (await row()).status,
      valueOf: (change) => (change as { status: string }).status,
      version: async () => (await row()).updated_at,
    };
  },
};

describe(`one version rule on every update (${engine})`, () => {
  it.each(Object.keys(CASES))(
    '%s: stale is 409, the current version or none at all is applied',
    async (kind) => {
      const c = await CASES[kind]!();
      const send = (payload: object, headers: Record<string, string> = {}) =>
        admin.inject({ method: c.method, url: c.url, payload, headers });
      const [stale, current, unversioned] = c.changes;
      const before = await c.stored();

      const staleBody = await send({ ...stale, updated_at: STALE });
      expect(staleBody.statusCode, staleBody.body).toBe(409);
      const staleHeader = await send(stale, { 'if-match': `"${STALE}"` });
      expect(staleHeader.statusCode, staleHeader.body).toBe(409);
      expect(await c.stored()).toEqual(before);

      const withVersion = await send(current, { 'if-match': `"${await c.version()}"` });
      expect(withVersion.statusCode, withVersion.body).toBe(200);
      expect(await c.stored()).toEqual(c.valueOf(current));

      const without = await send(unversioned);
      expect(without.statusCode, without.body).toBe(200);
      expect(await c.stored()).toEqual(c.valueOf(unversioned));
    },
  );

  it('the document says so on every operation that takes a version', () => {
    const doc = t.app.swagger() as {
      paths: Record<string, Record<string, { description?: string; requestBody?: unknown }>>;
    };
    const versioned = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => JSON.stringify(op.requestBody ?? {}).includes('"updated_at"'))
        .map(([method, op]) => ({ where: `${method} ${path}`, description: op.description ?? '' })),
    );
    expect(versioned.length).toBeGreaterThanOrEqual(Object.keys(CASES).length);
    for (const { where, description } of versioned)
      expect(description, where).toContain('Without either the change is unconditional.');
  });
});

describe(`GETs that change state say so (${engine})`, () => {
  it('restore, fallback, processing assets and sync document the XSRF header they need; preview-url says when', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { description?: string }>> };
    const gets = t.app.routeTable.filter((r) => r.method === 'GET' && r.xsrf === 'always');
    expect(gets.map((r) => r.url).sort()).toEqual([
      '/v1/assets/:id/restore',
      '/v1/creatives/:id/:ruleId/processing-assets',
      '/v1/creatives/:id/fallback/:assetId',
      '/v1/profiles/:id/sync',
    ]);
    const describe = (url: string) => doc.paths[url.replace(/:([A-Za-z]+)/g, '{$1}')]?.get?.description ?? '';
    for (const { url } of gets) expect(describe(url), url).toContain('it needs the `X-XSRF-TOKEN` header');
    expect(describe('/v1/creatives/:id/preview-url')).toContain(
      'X-XSRF-TOKEN header with a session (419 without)',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { type AccessRoute, describeAccessMatrix, resourceAccessRoutes } from '../access-matrix';
import type { TestApp } from '../helper';
import { insertAsset, insertCampaign, insertCreative, stamp } from '../rows';

interface Fixture {
  campaignId: number;
  id: number;
  name: string;
  updatedAt: string;
  /** A soft-deleted creative of the same campaign, for restore. */
  deletedId: number;
  /** An image of the creative's size, a fallback it may take. */
  imageId: number;
  /** A creative of the same campaign whose preview link (`linkId`) is already in use. */
  sharedId: number;
  linkId: number;
}
let seq = 0;

/** A live campaign with a creative in quality assurance and a deleted one, fresh for each request. */
async function fixture(t: TestApp, companyId: number): Promise<Fixture> {
  const campaignId = await insertCampaign(t.db, { companyId, name: `Creative access ${++seq}` });
  const name = `Access creative ${seq}`;
  const updatedAt = stamp();
  const id = await insertCreative(t.db, {
    companyId,
    campaignId,
    name,
    status: 'quality assurance',
    updatedAt,
  });
  const deletedId = await insertCreative(t.db, { companyId, campaignId, name: `Gone ${seq}`, deleted: true });
  const imageId = await insertAsset(t.db, { companyId, creativeId: id, width: 300, height: 250 });
  const sharedId = await insertCreative(t.db, { companyId, campaignId, name: `Shared ${seq}` });
  const link = await t.db
    .insertInto('preview_links')
    .values({
      company_id: companyId,
      creative_id: sharedId,
      token: `preview-${seq}-${'x'.repeat(32)}`,
      expires_at: null,
      revoked_at: null,
      created_by: null,
      created_at: '2026-01-01T00:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { campaignId, id, name, updatedAt, deletedId, imageId, sharedId, linkId: link.id };
}

/** The creatives, audit entries and copies a refused request must leave alone. */
const snapshot = async (t: TestApp, f: Fixture) => ({
  creatives: await t.db
    .selectFrom('creatives')
    .selectAll()
    .where('campaign_id', '=', f.campaignId)
    .orderBy('id')
    .execute(),
  audit: await t.db
    .selectFrom('audit_log')
    .select('id')
    .where('entity_type', '=', 'creative')
    .where('entity_id', 'in', [f.id, f.deletedId])
    .execute(),
  previewLinks: await t.db
    .selectFrom('preview_links')
    .selectAll()
    .where('creative_id', 'in', [f.id, f.sharedId])
    .orderBy('id')
    .execute(),
});

const ROUTES: AccessRoute<Fixture>[] = [
  ...resourceAccessRoutes<Fixture>('/v1/creatives'),
  {
    name: 'list of a campaign',
    method: 'GET',
    url: (f) => `/v1/creatives?campaign_id=${f.campaignId}&status=quality%20assurance`,
    ok: 200,
    qa: true,
    scoped: false,
  },
  {
    name: 'create',
    method: 'POST',
    url: () => '/v1/creatives',
    body: (f) => ({ campaign_id: f.campaignId, name: `Created ${++seq}`, width: 300, height: 250 }),
    ok: 201,
    qa: false,
    scoped: false,
  },
  {
    name: 'edit',
    method: 'PUT',
    url: (f) => `/v1/creatives/${f.id}`,
    body: (f) => ({ name: `Edited ${++seq}`, updated_at: f.updatedAt }),
    ok: 200,
    qa: false,
    scoped: true,
  },
  {
    name: 'fallback',
    method: 'GET',
    url: (f) => `/v1/creatives/${f.id}/fallback/${f.imageId}`,
    ok: 200,
    qa: false,
    scoped: true,
  },
  {
    name: 'variants',
    method: 'GET',
    url: (f) => `/v1/creatives/${f.id}/variants`,
    ok: 200,
    qa: true,
    scoped: true,
  },
  {
    // Publishing to outsiders is an edit: qa may read a link in use but not create one.
    name: 'create the preview link',
    method: 'GET',
    url: (f) => `/v1/creatives/${f.id}/preview-url`,
    ok: 200,
    qa: false,
    scoped: true,
  },
  {
    name: 'the preview link in use',
    method: 'GET',
    url: (f) => `/v1/creatives/${f.sharedId}/preview-url`,
    ok: 200,
    qa: true,
    scoped: true,
  },
  {
    name: "a preview link's views",
    method: 'GET',
    url: (f) => `/v1/token-links/preview/${f.linkId}/views`,
    ok: 200,
    qa: true,
    scoped: true,
  },
];

const matrix = describeAccessMatrix({ section: 'creatives', routes: ROUTES, fixture, snapshot });

describe('creatives of another company', () => {
  it('are never listed, and bulk actions answer "Cannot find" for them', async () => {
    const { t, clients, otherCompany } = matrix;
    const foreign = await fixture(t, otherCompany);
    const before = await snapshot(t, foreign);
    for (const query of ['', `?campaign_id=${foreign.campaignId}`, '?deleted=1']) {
      const list = (
        await clients.admin.get(`/v1/creatives${query}${query ? '&' : '?'}items-per-page=-1`)
      ).json();
      const ids = list.data.map((c: { id: number }) => c.id);
      expect(ids).not.toContain(foreign.id);
      expect(ids).not.toContain(foreign.deletedId);
    }
    for (const body of [
      { action: 'status', status: 'testing', ids: [foreign.id] },
      { action: 'delete', ids: [foreign.id] },
      { action: 'restore', ids: [foreign.deletedId] },
    ]) {
      const res = await clients.admin.post('/v1/creatives/bulk', body);
      expect(res.json().data).toEqual([
        { id: body.ids[0], ok: false, message: 'Cannot find this creative.' },
      ]);
    }
    expect(await snapshot(t, foreign)).toEqual(before);
  });

  it("cannot be created in another company's campaign, nor moved there", async () => {
    const { t, clients, otherCompany } = matrix;
    const foreign = await fixture(t, otherCompany);
    const mine = await fixture(t, t.companyId);
    const before = await snapshot(t, foreign);
    const created = await clients.admin.post('/v1/creatives', {
      campaign_id: foreign.campaignId,
      name: 'Sneaky',
      width: 300,
      height: 250,
    });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors).toEqual({ campaign_id: ['The selected campaign is invalid.'] });
    const moved = await clients.admin.put(`/v1/creatives/${mine.id}`, {
      campaign_id: foreign.campaignId,
      updated_at: mine.updatedAt,
    });
    expect(moved.statusCode).toBe(422);
    expect(await snapshot(t, foreign)).toEqual(before);
    expect((await snapshot(t, mine)).creatives.find((c) => c.id === mine.id)?.campaign_id).toBe(
      mine.campaignId,
    );
  });
});

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type AccessRoute, describeAccessMatrix } from '../access-matrix';
import { diskOf, type TestApp } from '../helper';
import { insertAsset, insertCampaign, insertCreative, stamp } from '../rows';

interface Fixture {
  creativeId: number;
  id: number;
  updatedAt: string;
  /** A soft-deleted asset of the same creative, for restore. */
  deletedId: number;
  /** A finished upload of the company, ready to be claimed. */
  key: string;
}
let seq = 0;
const uploaders = new Map<number, number>();

/** An unclaimed CSV upload of the company, as the Vapor flow leaves it (row and file). */
async function pendingUpload(t: TestApp, companyId: number): Promise<string> {
  let userId = uploaders.get(companyId);
  if (userId === undefined) {
    userId = (await t.createUser({ companyId, permissions: ['edit assets'] })).id;
    uploaders.set(companyId, userId);
  }
  const uuid = randomUUID();
  const key = `tmp/${uuid}`;
  const at = new Date().toISOString();
  await t.db
    .insertInto('uploads')
    .values({
      company_id: companyId,
      user_id: userId,
      uuid,
      bucket: 'local',
      key,
      content_type: 'text/csv',
      visibility: null,
      expires_at: at,
      received_at: at,
      claimed_at: null,
      created_at: at,
    })
    .execute();
  const file = diskOf(t.app).pathOf(key);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, 'Headline,Price\nSale,9\n');
  return key;
}

/** A creative with a live and a deleted asset, and an upload to claim, fresh for each request. */
async function fixture(t: TestApp, companyId: number): Promise<Fixture> {
  const campaignId = await insertCampaign(t.db, { companyId, name: `Asset access ${++seq}` });
  const creativeId = await insertCreative(t.db, { companyId, campaignId, name: `Asset access ${seq}` });
  const updatedAt = stamp();
  const id = await insertAsset(t.db, { companyId, creativeId, name: `Access ${seq}.png`, updatedAt });
  // Deleted just now: restorable (the rows helper's stamps are months old).
  const deletedId = await insertAsset(t.db, {
    companyId,
    creativeId,
    name: `Gone ${seq}.png`,
    deleted_at: new Date().toISOString(),
  });
  return { creativeId, id, updatedAt, deletedId, key: await pendingUpload(t, companyId) };
}

/** The assets, uploads and audit entries a refused request must leave alone. */
const snapshot = async (t: TestApp, f: Fixture) => ({
  assets: await t.db
    .selectFrom('assets')
    .selectAll()
    .where('creative_id', '=', f.creativeId)
    .orderBy('id')
    .execute(),
  upload: await t.db.selectFrom('uploads').selectAll().where('key', '=', f.key).execute(),
  audit: await t.db
    .selectFrom('audit_log')
    .select('id')
    .where('entity_type', '=', 'asset')
    .where('entity_id', 'in', [f.id, f.deletedId])
    .execute(),
});

const ROUTES: AccessRoute<Fixture>[] = [
  { name: 'list', method: 'GET', url: () => '/v1/assets/', ok: 200, qa: true, scoped: false },
  { name: 'list (no slash)', method: 'GET', url: () => '/v1/assets', ok: 200, qa: true, scoped: false },
  {
    name: 'list filtered',
    method: 'GET',
    url: (f) => `/v1/assets?creative_id=${f.creativeId}&kind=image&filter=access`,
    ok: 200,
    qa: true,
    scoped: false,
  },
  { name: 'by campaign', method: 'GET', url: () => '/v1/assets/campaigns', ok: 200, qa: true, scoped: false },
  {
    name: "a creative's list",
    method: 'GET',
    url: (f) => `/v1/creatives/${f.creativeId}/assets/`,
    ok: 200,
    qa: true,
    scoped: true,
  },
  { name: 'show', method: 'GET', url: (f) => `/v1/assets/${f.id}`, ok: 200, qa: true, scoped: true },
  {
    name: 'claim',
    method: 'POST',
    url: (f) => `/v1/creatives/${f.creativeId}/assets`,
    body: (f) => ({ key: f.key, name: 'prices.csv' }),
    ok: 201,
    qa: false,
    scoped: true,
  },
  {
    name: 'claim many',
    method: 'POST',
    url: (f) => `/v1/creatives/${f.creativeId}/assets`,
    body: (f) => ({ assets: [{ key: f.key, name: 'prices.csv' }] }),
    ok: 201,
    qa: false,
    scoped: true,
  },
  {
    name: 'rename',
    method: 'PUT',
    url: (f) => `/v1/assets/${f.id}`,
    body: (f) => ({ name: `Renamed ${++seq}`, updated_at: f.updatedAt }),
    ok: 200,
    qa: false,
    scoped: true,
  },
  { name: 'delete', method: 'DELETE', url: (f) => `/v1/assets/${f.id}`, ok: 204, qa: false, scoped: true },
  {
    name: 'restore',
    method: 'GET',
    url: (f) => `/v1/assets/${f.deletedId}/restore`,
    ok: 200,
    qa: false,
    scoped: true,
  },
];

const matrix = describeAccessMatrix({ section: 'assets', routes: ROUTES, fixture, snapshot });

describe('assets of another company', () => {
  it('are never listed, nor counted in the overview', async () => {
    const { t, clients, otherCompany } = matrix;
    const foreign = await fixture(t, otherCompany);
    for (const query of ['', `?creative_id=${foreign.creativeId}`, '?deleted=1', '?filter=access']) {
      const list = (
        await clients.admin.get(`/v1/assets${query}${query ? '&' : '?'}items-per-page=-1`)
      ).json();
      const ids = list.data.map((a: { id: number }) => a.id);
      expect(ids).not.toContain(foreign.id);
      expect(ids).not.toContain(foreign.deletedId);
    }
    const overview = (await clients.admin.get('/v1/assets/campaigns?items-per-page=-1')).json();
    const names = overview.data.map((row: { campaign: { name: string } }) => row.campaign.name);
    expect(names).not.toContain(`Asset access ${seq}`);
  });
});

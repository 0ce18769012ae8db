import type { Campaign, Creative, HistoryEntry } from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { insertAsset, insertCampaign, insertProfile, insertTemplate } from '../rows';

let t: TestApp;
let admin: Client;
let otherCompany: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.injectAs(await t.createUser({ roles: ['admin'] }));
  otherCompany = await t.createCompany('Rival');
});
afterAll(() => t.close());

/** An audit row written now, as a service would (for ids no endpoint of this company would accept). */
async function logged(entityType: string, entityId: number, changes: Record<string, [unknown, unknown]>) {
  await t.db
    .insertInto('audit_log')
    .values({
      company_id: t.companyId,
      user_id: null,
      entity_type: entityType,
      entity_id: entityId,
      action: 'updated',
      changes: JSON.stringify(changes),
      created_at: new Date().toISOString(),
    })
    .execute();
}

const refsOf = (entry: HistoryEntry | undefined, field: string) => entry?.refs?.[field] ?? {};

describe('history names the rows its changes point at', () => {
  it("a creative's campaign, profile and backup image by name, deleted ones too, never another company's", async () => {
    const home = await insertCampaign(t.db, { companyId: t.companyId, name: 'Old Home' });
    const atlas = await insertCampaign(t.db, { companyId: t.companyId, name: 'Atlas Travel – City Breaks' });
    const theirs = await insertCampaign(t.db, { companyId: otherCompany, name: 'Secret Plans' });
    const profile = await insertProfile(t.db, { companyId: t.companyId, name: 'Retail feed' });

    const made = await admin.post('/v1/creatives', {
      campaign_id: home,
      name: 'Banner',
      width: 300,
      height: 250,
      profile_id: profile,
    });
    expect(made.statusCode).toBe(201);
    const creative = made.json().data as Creative;
    const image = await insertAsset(t.db, {
      companyId: t.companyId,
      creativeId: creative.id,
      name: 'banner-300x250.png',
    });
    expect((await admin.get(`/v1/creatives/${creative.id}/fallback/${image}`)).statusCode).toBe(200);
    const current = (await admin.get(`/v1/creatives/${creative.id}`)).json().data as Creative;
    const moved = await admin.put(`/v1/creatives/${creative.id}`, {
      campaign_id: atlas,
      updated_at: current.updated_at,
    });
    expect(moved.statusCode).toBe(200);
    // The campaign it left and its backup image are deleted: they still name themselves.
    expect((await admin.delete(`/v1/campaigns/${home}`)).statusCode).toBe(204);
    expect((await admin.delete(`/v1/assets/${image}`)).statusCode).toBe(204);
    await logged('creative', creative.id, { campaign_id: [atlas, theirs] });

    const res = await admin.get(`/v1/creatives/${creative.id}?include=history`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Secret Plans');
    const [forged, imageGone, move, backup, createdEntry] = (res.json().data as Creative).history ?? [];

    expect(refsOf(createdEntry, 'campaign_id')).toEqual({
      [home]: { type: 'campaign', name: 'Old Home', deleted: true },
    });
    expect(refsOf(createdEntry, 'profile_id')).toEqual({
      [profile]: { type: 'profile', name: 'Retail feed', deleted: false },
    });
    expect(backup?.changes).toEqual({ fallback_asset_id: [null, image] });
    expect(refsOf(backup, 'fallback_asset_id')).toEqual({
      [image]: { type: 'asset', name: 'banner-300x250.png', deleted: true },
    });
    expect(refsOf(move, 'campaign_id')).toEqual({
      [home]: { type: 'campaign', name: 'Old Home', deleted: true },
      [atlas]: { type: 'campaign', name: 'Atlas Travel – City Breaks', deleted: false },
    });
    expect(imageGone?.changes).toEqual({ fallback_asset_id: [image, null] });
    expect(Object.keys(refsOf(imageGone, 'fallback_asset_id'))).toEqual([String(image)]);
    // The other company's campaign has no name here: the id names nothing this company has.
    expect(refsOf(forged, 'campaign_id')).toEqual({
      [atlas]: { type: 'campaign', name: 'Atlas Travel – City Breaks', deleted: false },
    });
  });

  it("a copy names what it was copied from, by the entity's own kind", async () => {
    const source = await insertCampaign(t.db, { companyId: t.companyId, name: 'Spring Sale' });
    const copy = await admin.post(`/v1/campaigns/${source}/clone`);
    expect(copy.statusCode).toBe(201);
    const { id } = copy.json().data as Campaign;
    const history = ((await admin.get(`/v1/campaigns/${id}?include=history`)).json().data as Campaign)
      .history;
    expect(history).toHaveLength(1);
    expect(refsOf(history?.[0], 'cloned_from')).toEqual({
      [source]: { type: 'campaign', name: 'Spring Sale', deleted: false },
    });
    // Plain values name nothing.
    expect(history?.[0]?.refs).toEqual({ cloned_from: expect.any(Object) });
  });

  it("a profile's template, by the profile's own history endpoint", async () => {
    const profile = await insertProfile(t.db, { companyId: t.companyId, name: 'Shoes feed' });
    const ours = await insertTemplate(t.db, { companyId: t.companyId, name: 'Retail template' });
    const theirs = await insertTemplate(t.db, { companyId: otherCompany, name: 'Rival template' });
    await logged('profile', profile, { template_id: [theirs, ours] });

    const res = await admin.get(`/v1/profiles/${profile}/history`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Rival template');
    const [entry] = res.json().data as HistoryEntry[];
    expect(entry?.refs).toEqual({
      template_id: { [ours]: { type: 'template', name: 'Retail template', deleted: false } },
    });
  });
});

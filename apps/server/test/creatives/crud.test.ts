import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { insertCampaign, insertCreative, insertProfile, stamp } from '../rows';

let t: TestApp;
let client: Client;
let seq = 0;
const unique = (name: string) => `${name} ${++seq}`;

beforeAll(async () => {
  t = await buildTestApp();
  client = await t.injectAs(await t.createUser({ permissions: ['edit creatives'] }));
});
afterAll(() => t.close());

const newCampaign = (fields: { deleted?: boolean; launchDate?: string } = {}) =>
  insertCampaign(t.db, { companyId: t.companyId, name: unique('Home'), ...fields });

const auditOf = (id: number) =>
  t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_type', '=', 'creative')
    .where('entity_id', '=', id)
    .orderBy('id')
    .execute();

describe('POST /v1/creatives', () => {
  it('creates a draft with its campaign, answers the whole creative and audits it', async () => {
    const campaignId = await newCampaign();
    const profileId = await insertProfile(t.db, { companyId: t.companyId, name: unique('Feed') });
    const res = await client.post('/v1/creatives', {
      campaign_id: campaignId,
      name: '  Spring leaderboard ',
      width: 728,
      height: 90,
      click_url: 'https://shop.example.com/spring',
      profile_id: profileId,
      rule_filter: { column: 'Region', values: ['North', 'South'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      campaign_id: campaignId,
      campaign: { id: campaignId },
      name: 'Spring leaderboard',
      width: 728,
      height: 90,
      status: 'draft',
      click_url: 'https://shop.example.com/spring',
      profile_id: profileId,
      rule_filter: { column: 'Region', values: ['North', 'South'] },
      fallback_asset_id: null,
      deleted_at: null,
      allowed_statuses: ['quality assurance', 'testing'],
    });
    const audit = await auditOf(data.id);
    expect(audit.map((a) => a.action)).toEqual(['created']);
    expect(JSON.parse(audit[0]!.changes)).toMatchObject({
      name: [null, 'Spring leaderboard'],
      status: [null, 'draft'],
    });
  });

  it.each([
    [{}, 'campaign_id', 'The campaign field is required.'],
    [{ name: '' }, 'name', 'The name field is required.'],
    [{ width: 0 }, 'width', 'The width must be at least 1 px.'],
    [{ height: 4001 }, 'height', 'The height may not be greater than 4000 px.'],
    [{ width: 2.5 }, 'width', 'The width must be a whole number of pixels.'],
    [
      { click_url: 'ftp://files.example.com' },
      'click_url',
      'The click URL must be a valid http:// or https:// address.',
    ],
    [
      { rule_filter: { column: '', values: ['x'] } },
      'rule_filter.column',
      'The rule filter column field is required.',
    ],
    [
      { rule_filter: { column: 'Region', values: [] } },
      'rule_filter.values',
      'Give at least one rule filter value.',
    ],
  ])('validates %j', async (change, field, message) => {
    const campaignId = await newCampaign();
    const body = { campaign_id: campaignId, name: unique('Valid'), width: 300, height: 250, ...change };
    if (field === 'campaign_id') delete (body as Partial<typeof body>).campaign_id;
    const res = await client.post('/v1/creatives', body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('needs a live campaign and a profile of the company', async () => {
    const deleted = await newCampaign({ deleted: true });
    const otherCompany = await t.createCompany();
    const foreignProfile = await insertProfile(t.db, { companyId: otherCompany, name: 'Theirs' });
    const res = await client.post('/v1/creatives', {
      campaign_id: deleted,
      name: 'Orphan',
      width: 300,
      height: 250,
      profile_id: foreignProfile,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      campaign_id: ['The selected campaign is invalid.'],
      profile_id: ['The selected profile is invalid.'],
    });
  });

  it('keeps names unique within the campaign ignoring case, not across campaigns', async () => {
    const [a, b] = [await newCampaign(), await newCampaign()];
    await insertCreative(t.db, { companyId: t.companyId, campaignId: a, name: 'Skyscraper' });
    await insertCreative(t.db, {
      companyId: t.companyId,
      campaignId: a,
      name: 'Deleted twin',
      deleted: true,
    });
    const taken = await client.post('/v1/creatives', {
      campaign_id: a,
      name: 'SKYSCRAPER',
      width: 160,
      height: 600,
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual({
      message: 'The name has already been taken.',
      errors: { name: ['The name has already been taken.'] },
    });
    const elsewhere = await client.post('/v1/creatives', {
      campaign_id: b,
      name: 'Skyscraper',
      width: 160,
      height: 600,
    });
    expect(elsewhere.statusCode).toBe(201);
    const reused = await client.post('/v1/creatives', {
      campaign_id: a,
      name: 'deleted twin',
      width: 160,
      height: 600,
    });
    expect(reused.statusCode).toBe(201);
  });
});

describe("the creative's campaign", () => {
  it('is answered with its status in the item and the list, as the campaign moves', async () => {
    const name = unique('Finished run');
    const campaignId = await insertCampaign(t.db, { companyId: t.companyId, name, status: 'finished' });
    const id = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: unique('Still live') });
    await t.db.updateTable('creatives').set({ status: 'live' }).where('id', '=', id).execute();

    const shown = await client.get(`/v1/creatives/${id}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data).toMatchObject({
      status: 'live',
      campaign: { id: campaignId, name, status: 'finished' },
    });
    const listed = await client.get(`/v1/creatives?campaign_id=${campaignId}`);
    expect(listed.json().data.map((c: { campaign: unknown }) => c.campaign)).toEqual([
      { id: campaignId, name, status: 'finished' },
    ]);

    const admin = await t.injectAs(await t.createUser({ roles: ['admin'] }));
    expect((await admin.put(`/v1/campaigns/${campaignId}`, { status: 'live' })).statusCode).toBe(200);
    expect((await client.get(`/v1/creatives/${id}`)).json().data.campaign.status).toBe('live');
  });
});

describe('PUT /v1/creatives/{id}', () => {
  it('edits fields based on the current version, audits old → new, and refuses a stale one with 409', async () => {
    const campaignId = await newCampaign();
    const updatedAt = stamp();
    const id = await insertCreative(t.db, {
      companyId: t.companyId,
      campaignId,
      name: unique('Edit me'),
      updatedAt,
    });
    const res = await client.put(`/v1/creatives/${id}`, { width: 970, height: 250, updated_at: updatedAt });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ width: 970, height: 250 });
    expect(JSON.parse((await auditOf(id)).at(-1)!.changes)).toEqual({ width: [300, 970] });
    const stale = await client.put(`/v1/creatives/${id}`, { name: 'Stale', updated_at: updatedAt });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'This creative was changed by someone else meanwhile. Reload it and try again.',
    );
    const viaHeader = await client.inject({
      method: 'PUT',
      url: `/v1/creatives/${id}`,
      payload: { name: unique('Via If-Match') },
      headers: { 'if-match': `"${res.json().data.updated_at}"` },
    });
    expect(viaHeader.statusCode).toBe(200);
    // Without a version the edit is unconditional (a script that did not read first).
    const unbased = await client.put(`/v1/creatives/${id}`, { name: 'No version' });
    expect(unbased.statusCode, unbased.body).toBe(200);
    expect(unbased.json().data.name).toBe('No version');
  });

  it('moves to another live campaign of the company when the name is free there', async () => {
    const [from, to] = [await newCampaign(), await newCampaign()];
    const updatedAt = stamp();
    const id = await insertCreative(t.db, {
      companyId: t.companyId,
      campaignId: from,
      name: 'Mover',
      updatedAt,
    });
    await insertCreative(t.db, { companyId: t.companyId, campaignId: to, name: 'mover' });
    const taken = await client.put(`/v1/creatives/${id}`, { campaign_id: to, updated_at: updatedAt });
    expect(taken.json().errors).toEqual({ name: ['The name has already been taken.'] });
    const moved = await client.put(`/v1/creatives/${id}`, {
      campaign_id: to,
      name: 'Mover 2',
      updated_at: updatedAt,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.campaign.id).toBe(to);
  });

  it('clears optional fields with null or an empty text', async () => {
    const campaignId = await newCampaign();
    const created = (
      await client.post('/v1/creatives', {
        campaign_id: campaignId,
        name: unique('Clearable'),
        width: 300,
        height: 250,
        click_url: 'https://a.example.com',
        rule_filter: { column: 'City', values: ['Oslo'] },
      })
    ).json().data;
    const res = await client.put(`/v1/creatives/${created.id}`, {
      click_url: '',
      rule_filter: null,
      updated_at: created.updated_at,
    });
    expect(res.json().data).toMatchObject({ click_url: null, rule_filter: null });
  });
});

describe('moves per role', () => {
  it('lets writers move along the table and qa only out of quality assurance and testing', async () => {
    const campaignId = await newCampaign();
    const qa = await t.injectAs(await t.createUser({ permissions: ['qa'] }));
    const draft = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: unique('Draft') });
    const inQa = await insertCreative(t.db, {
      companyId: t.companyId,
      campaignId,
      name: unique('In QA'),
      status: 'quality assurance',
    });
    const refused = await qa.put(`/v1/creatives/${draft}`, { status: 'testing' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('draft → testing is not open to you.');
    expect((await qa.get(`/v1/creatives/${inQa}`)).json().data.allowed_statuses).toEqual([
      'action required',
      'testing',
      'ready',
    ]);
    expect((await qa.put(`/v1/creatives/${inQa}`, { status: 'ready' })).statusCode).toBe(200);
    const outOfTable = await client.put(`/v1/creatives/${draft}`, { status: 'live' });
    expect(outOfTable.statusCode).toBe(422);
    expect(outOfTable.json().errors.status).toEqual([
      'draft → live is not allowed: move it to quality assurance first.',
    ]);
    expect((await client.put(`/v1/creatives/${draft}`, { status: 'testing' })).statusCode).toBe(200);
    expect((await auditOf(draft)).map((a) => [a.action, JSON.parse(a.changes)])).toEqual([
      ['status', { status: ['draft', 'testing'] }],
    ]);
    const qaEdit = await qa.put(`/v1/creatives/${inQa}`, { name: 'Renamed by qa', updated_at: stamp() });
    expect(qaEdit.statusCode).toBe(409);
  });
});

describe('DELETE, restore and clone', () => {
  it('soft-deletes, refuses a live creative, and restores with an audit entry', async () => {
    const campaignId = await newCampaign();
    const id = await insertCreative(t.db, {
      companyId: t.companyId,
      campaignId,
      name: unique('Short-lived'),
    });
    const live = await insertCreative(t.db, {
      companyId: t.companyId,
      campaignId,
      name: unique('Live'),
      status: 'live',
    });
    const refused = await client.delete(`/v1/creatives/${live}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      message: 'Cannot delete a live creative.',
      errors: { id: ['Cannot delete a live creative.'] },
    });
    expect((await client.delete(`/v1/creatives/${id}`)).statusCode).toBe(204);
    expect((await client.get(`/v1/creatives/${id}`)).statusCode).toBe(404);
    const deletedList = (await client.get(`/v1/creatives?deleted=1&campaign_id=${campaignId}`)).json();
    expect(deletedList.data.map((c: { id: number }) => c.id)).toEqual([id]);
    expect(deletedList.data[0].deleted_at).toEqual(expect.any(String));

    const restored = await client.post(`/v1/creatives/${id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data).toMatchObject({ id, deleted_at: null });
    expect((await client.post(`/v1/creatives/${id}/restore`)).statusCode).toBe(404);
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['deleted', 'restored']);
  });

  it('refuses a restore whose name is taken now, or whose campaign is deleted', async () => {
    const campaignId = await newCampaign();
    const gone = await insertCreative(t.db, {
      companyId: t.companyId,
      campaignId,
      name: 'Twin',
      deleted: true,
    });
    await insertCreative(t.db, { companyId: t.companyId, campaignId, name: 'twin' });
    const taken = await client.post(`/v1/creatives/${gone}/restore`);
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ name: ['The name has already been taken.'] });

    const deletedCampaign = await newCampaign({ deleted: true });
    const orphan = await insertCreative(t.db, {
      companyId: t.companyId,
      campaignId: deletedCampaign,
      name: 'Orphan',
      deleted: true,
    });
    const res = await client.post(`/v1/creatives/${orphan}/restore`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Restore its campaign first.',
      errors: { campaign_id: ['Restore its campaign first.'] },
    });
    const row = await t.db
      .selectFrom('creatives')
      .selectAll()
      .where('id', '=', orphan)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
  });

  it('clones into the same campaign as a draft with a free copy name, never "(copy) (copy)"', async () => {
    const campaignId = await newCampaign();
    const id = await insertCreative(t.db, {
      companyId: t.companyId,
      campaignId,
      name: 'Banner',
      status: 'live',
      width: 320,
      height: 50,
    });
    const first = (await client.post(`/v1/creatives/${id}/clone`)).json().data;
    expect(first).toMatchObject({
      name: 'Banner (copy)',
      status: 'draft',
      campaign_id: campaignId,
      width: 320,
    });
    const second = (await client.post(`/v1/creatives/${first.id}/clone`)).json().data;
    expect(second.name).toBe('Banner (copy 2)');
    const other = await newCampaign();
    await insertCreative(t.db, { companyId: t.companyId, campaignId: other, name: 'Banner (copy 3)' });
    const third = (await client.post(`/v1/creatives/${id}/clone`)).json().data;
    expect(third.name).toBe('Banner (copy 3)');
    const audit = await auditOf(third.id);
    expect(JSON.parse(audit[0]!.changes).cloned_from).toEqual([null, id]);
  });
});

describe('deleting a campaign', () => {
  it('stays refused while it has a live creative', async () => {
    const admin = await t.injectAs(await t.createUser({ roles: ['admin'] }));
    const campaignId = await newCampaign();
    await insertCreative(t.db, { companyId: t.companyId, campaignId, name: 'On air', status: 'live' });
    const res = await admin.delete(`/v1/campaigns/${campaignId}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Cannot delete a campaign while it has live creatives.');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { insertAsset, insertCampaign, insertCreative, insertPackage } from '../rows';

let t: TestApp;
let editor: Client;
let guest: Client;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp();
  editor = await t.injectAs(await t.createUser({ permissions: ['edit campaigns', 'edit creatives'] }));
  guest = await t.guest();
});
afterAll(() => t.close());

async function publisher(name: string) {
  const res = await editor.inject({
    method: 'POST',
    url: '/v1/media-entities',
    payload: { name: `${name} ${++seq}` },
  });
  if (res.statusCode === 201) return res.json().data.id as number;
  const row = await t.db
    .insertInto('media_entities')
    .values({ company_id: t.companyId, name: `${name} ${seq}`, created_at: 'x', updated_at: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An approved package version of the creative (its fingerprint is what approvals keep). */
const insertApprovedPackage = (creativeId: number, version: number) =>
  insertPackage(t.db, { companyId: t.companyId, creativeId, version, status: 'approved' });

/** A campaign with two creatives, asked of two publishers. */
async function requested(name: string) {
  const campaignId = await insertCampaign(t.db, { companyId: t.companyId, name });
  const banner = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: `${name} banner` });
  const skyscraper = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: `${name} sky` });
  await insertApprovedPackage(banner, 1);
  const herald = await publisher('Herald');
  const gazette = await publisher('Gazette');
  const res = await editor.post(`/v1/campaigns/${campaignId}/approvals`, {
    creative_ids: [banner, skyscraper],
    media_entity_ids: [herald, gazette],
  });
  expect(res.statusCode, res.body).toBe(201);
  const links = res.json().data as { id: number; url: string; media_entity: { id: number } }[];
  const tokenOf = (mediaEntityId: number) =>
    links
      .find((link) => link.media_entity.id === mediaEntityId)!
      .url.split('/')
      .pop()!;
  return { campaignId, banner, skyscraper, herald, gazette, links, tokenOf };
}

const list = (token: string, query = '') =>
  guest.inject({ method: 'GET', url: `/v1/creatives/publisherapproval/${token}/approvals${query}` });
const decide = (token: string, approvalId: number, payload: object, ip = '203.0.113.9') =>
  guest.inject({
    method: 'POST',
    url: `/v1/creatives/publisherapproval/${token}/approvals/${approvalId}`,
    payload,
    remoteAddress: ip,
  });

describe('POST /v1/campaigns/{id}/approvals', () => {
  it('asks each publisher about each creative, with one link per publisher, reused while live', async () => {
    const r = await requested('Asked');
    expect(r.links).toHaveLength(2);
    expect(r.links[0]).toMatchObject({
      url: expect.stringMatching(/^http:\/\/localhost:8080\/approvals\/[\w-]{43}$/),
      expires_at: null,
      views: 0,
      last_viewed_at: null,
    });
    const approvals = (await editor.get(`/v1/campaigns/${r.campaignId}/approvals`)).json().data;
    expect(approvals).toHaveLength(4);
    expect(new Set(approvals.map((a: { status: string }) => a.status))).toEqual(new Set(['pending']));

    // Asking again keeps the links and the decisions already made.
    const [first] = (await list(r.tokenOf(r.herald))).json().data.approvals;
    await decide(r.tokenOf(r.herald), first.id, { status: 'approved', name: 'Hana' });
    const again = await editor.post(`/v1/campaigns/${r.campaignId}/approvals`, {
      creative_ids: [r.banner],
      media_entity_ids: [r.herald],
    });
    expect(again.json().data.map((link: { id: number }) => link.id)).toEqual([
      r.links.find((link) => link.media_entity.id === r.herald)!.id,
    ]);
    const after = (await editor.get(`/v1/campaigns/${r.campaignId}/approvals`)).json().data;
    expect(after.filter((a: { status: string }) => a.status === 'approved')).toHaveLength(1);
  });

  it('refuses creatives of another campaign and unknown publishers with field messages, writing nothing', async () => {
    const r = await requested('Refused');
    const elsewhere = await insertCampaign(t.db, { companyId: t.companyId, name: 'Elsewhere' });
    const stranger = await insertCreative(t.db, {
      companyId: t.companyId,
      campaignId: elsewhere,
      name: 'Not here',
    });
    const res = await editor.post(`/v1/campaigns/${r.campaignId}/approvals`, {
      creative_ids: [stranger],
      media_entity_ids: [r.herald, 99_999],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      creative_ids: ['Choose creatives of this campaign.'],
      media_entity_ids: ['Choose publishers from the list.'],
    });
    const rows = await t.db
      .selectFrom('approvals')
      .select('id')
      .where('creative_id', '=', stranger)
      .execute();
    expect(rows).toEqual([]);
  });

  it('needs campaigns write access', async () => {
    const r = await requested('Readers');
    const qa = await t.injectAs(await t.createUser({ permissions: ['qa'] }));
    const res = await qa.post(`/v1/campaigns/${r.campaignId}/approvals`, {
      creative_ids: [r.banner],
      media_entity_ids: [r.herald],
    });
    expect(res.statusCode).toBe(403);
    expect((await qa.get(`/v1/campaigns/${r.campaignId}/approvals/links`)).statusCode).toBe(200);
  });
});

describe("the publisher's page", () => {
  it('lists its pending approvals of the campaign with a render of each, and all of them with status=all', async () => {
    const r = await requested('Listed');
    const res = await list(r.tokenOf(r.herald));
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data;
    expect(page.campaign).toEqual({ id: r.campaignId, name: 'Listed' });
    expect(page.media_entity.id).toBe(r.herald);
    expect(page.counts).toEqual({ pending: 2, approved: 0, rejected: 0 });
    const banner = page.approvals.find((a: { creative: { id: number } }) => a.creative.id === r.banner);
    expect(banner.render_url).toMatch(/^http.*\/render\/[\w.-]+\/0\/index\.html$/);
    const sky = page.approvals.find((a: { creative: { id: number } }) => a.creative.id === r.skyscraper);
    expect(sky.render_url).toBeNull();

    await decide(r.tokenOf(r.herald), banner.id, { status: 'rejected', comment: 'Too loud.', name: 'Hana' });
    expect((await list(r.tokenOf(r.herald))).json().data.approvals).toHaveLength(1);
    const all = (await list(r.tokenOf(r.herald), '?status=all')).json().data;
    expect(all.approvals).toHaveLength(2);
    expect(all.counts).toEqual({ pending: 1, approved: 0, rejected: 1 });
  });

  it('records the decision with the approver, time and address; a rejection needs a comment', async () => {
    const r = await requested('Decided');
    const token = r.tokenOf(r.gazette);
    const [approval] = (await list(token)).json().data.approvals;

    const bare = await decide(token, approval.id, { status: 'rejected', name: 'Gus' });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().errors).toEqual({ comment: ['Say why the creative is rejected.'] });
    const nameless = await decide(token, approval.id, { status: 'approved', name: ' ' });
    expect(nameless.json().errors).toEqual({ name: ['The name field is required.'] });

    const res = await decide(token, approval.id, { status: 'approved', comment: 'Fine.', name: 'Gus' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id: approval.id,
      status: 'approved',
      comment: 'Fine.',
      approver_name: 'Gus',
    });
    const row = await t.db
      .selectFrom('approvals')
      .selectAll()
      .where('id', '=', approval.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'approved', approver_name: 'Gus', decided_ip: '203.0.113.9' });
    expect(Date.now() - Date.parse(row.decided_at!)).toBeLessThan(60_000);

    const tab = (await editor.get(`/v1/campaigns/${r.campaignId}/approvals`)).json().data;
    expect(tab.find((a: { id: number }) => a.id === approval.id)).toMatchObject({
      approver_name: 'Gus',
      status: 'approved',
    });
  });

  it("reaches no approval outside the link's campaign and publisher", async () => {
    const r = await requested('Scoped');
    const other = await requested('Other campaign');
    const heraldsOwn = (await list(r.tokenOf(r.herald))).json().data.approvals[0].id;
    const gazettes = (await list(r.tokenOf(r.gazette))).json().data.approvals[0].id;
    const otherCampaigns = (await list(other.tokenOf(other.herald))).json().data.approvals[0].id;
    for (const id of [gazettes, otherCampaigns]) {
      const res = await decide(r.tokenOf(r.herald), id, { status: 'approved', name: 'Mallory' });
      expect(res.statusCode).toBe(404);
    }
    const untouched = await t.db
      .selectFrom('approvals')
      .select('status')
      .where('id', 'in', [gazettes, otherCampaigns])
      .execute();
    expect(untouched.map((row) => row.status)).toEqual(['pending', 'pending']);
    expect(
      (await decide(r.tokenOf(r.herald), heraldsOwn, { status: 'approved', name: 'Hana' })).statusCode,
    ).toBe(200);
  });
});

describe('a decided creative that changes', () => {
  it('goes back to pending when its package, fallback or dynamic content changes, saying why', async () => {
    const r = await requested('Changed');
    const token = r.tokenOf(r.herald);
    const approvals = (await list(token)).json().data.approvals as { id: number; creative: { id: number } }[];
    const banner = approvals.find((a) => a.creative.id === r.banner)!;
    const sky = approvals.find((a) => a.creative.id === r.skyscraper)!;
    await decide(token, banner.id, { status: 'approved', name: 'Hana' });
    await decide(token, sky.id, { status: 'rejected', comment: 'No fallback.', name: 'Hana' });

    // Nothing changed: the decisions stand.
    const tab = async () =>
      (await editor.get(`/v1/campaigns/${r.campaignId}/approvals`)).json().data as {
        id: number;
        status: string;
        reset_reason: string | null;
      }[];
    expect((await tab()).filter((a) => a.status !== 'pending')).toHaveLength(2);

    await insertApprovedPackage(r.banner, 2);
    const fallback = await insertAsset(t.db, {
      companyId: t.companyId,
      creativeId: r.skyscraper,
      name: 'backup.png',
    });
    await t.db
      .updateTable('creatives')
      .set({ fallback_asset_id: fallback })
      .where('id', '=', r.skyscraper)
      .execute();

    const after = await tab();
    expect(after.find((a) => a.id === banner.id)).toMatchObject({
      status: 'pending',
      reset_reason: 'Back to pending: the package changed (version 2 is now approved).',
    });
    expect(after.find((a) => a.id === sky.id)).toMatchObject({
      status: 'pending',
      reset_reason: 'Back to pending: the fallback image changed.',
    });
    // The publisher sees them pending again, with the reason; a new decision clears it.
    const page = (await list(token)).json().data;
    expect(page.approvals.map((a: { reset_reason: string }) => a.reset_reason)).toHaveLength(2);
    await decide(token, banner.id, { status: 'approved', name: 'Hana' });
    expect((await tab()).find((a) => a.id === banner.id)).toMatchObject({
      status: 'approved',
      reset_reason: null,
    });

    // Dynamic content: another feed.
    await t.db
      .updateTable('creatives')
      .set({ rule_filter: '{"column":"City","values":["Oslo"]}' })
      .where('id', '=', r.banner)
      .execute();
    expect((await tab()).find((a) => a.id === banner.id)).toMatchObject({
      status: 'pending',
      reset_reason: 'Back to pending: the dynamic content changed.',
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_GONE } from '../../src/modules/token-links/token-links';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { expectDocumentedAnswer } from '../openapi';
import {
  insertAsset,
  insertCampaign,
  insertCondition,
  insertCreative,
  insertProfile,
  insertRules,
} from '../rows';

let t: TestApp;
let editor: Client;
let guest: Client;
let campaignId: number;

beforeAll(async () => {
  t = await buildTestApp();
  editor = await t.injectAs(await t.createUser({ permissions: ['edit creatives'] }));
  guest = await t.guest();
  campaignId = await insertCampaign(t.db, { companyId: t.companyId, name: 'Shared' });
});
afterAll(() => t.close());

/** The creative's preview token, made as the app makes it (GET …/preview-url). */
async function tokenOf(creativeId: number): Promise<string> {
  const res = await editor.get(`/v1/creatives/${creativeId}/preview-url`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.url as string).split('/').pop()!;
}

const open = async (token: string, headers: Record<string, string> = {}) => {
  const res = await guest.inject({ method: 'GET', url: `/v1/creatives/externalpreview/${token}`, headers });
  expectDocumentedAnswer(
    t.app.swagger(),
    { method: 'GET', url: '/v1/creatives/externalpreview/:token' },
    res,
  );
  return res;
};

describe('GET /v1/creatives/externalpreview/{token}', () => {
  it('answers the creative, the variants it serves in feed order, and its fallback image, without a session', async () => {
    const profileId = await insertProfile(t.db, { companyId: t.companyId, name: 'Feed' });
    const ruleIds = await insertRules(t.db, {
      companyId: t.companyId,
      profileId,
      rows: [{ Region: 'North' }, { Region: 'South' }, { Region: 'North' }, { Region: 'North' }],
    });
    await t.db
      .updateTable('profile_rules')
      .set({ reporting_label: 'North one' })
      .where('id', '=', ruleIds[0]!)
      .execute();
    await t.db.updateTable('profile_rules').set({ active: 0 }).where('id', '=', ruleIds[3]!).execute();
    const creativeId = await insertCreative(t.db, {
      companyId: t.companyId,
      campaignId,
      name: 'North banner',
    });
    const fallback = await insertAsset(t.db, { companyId: t.companyId, creativeId, name: 'backup.png' });
    await t.db
      .updateTable('creatives')
      .set({
        profile_id: profileId,
        rule_filter: JSON.stringify({ column: 'Region', values: ['North'] }),
        fallback_asset_id: fallback,
      })
      .where('id', '=', creativeId)
      .execute();

    const res = await open(await tokenOf(creativeId));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.creative).toEqual({
      id: creativeId,
      name: 'North banner',
      width: 300,
      height: 250,
      status: 'draft',
    });
    // Active and passing the filter, in feed order; no package is approved, so nothing renders.
    expect(data.variants).toEqual([
      { rule_id: ruleIds[0], reporting_label: 'North one', render_url: null },
      { rule_id: ruleIds[2], reporting_label: 'k2', render_url: null },
    ]);
    expect(data.variants_total).toBe(2);
    expect(data.fallback_url).toMatch(/\/storage\/.+\?expires=\d+&content-type=.+&signature=/);
  });

  it('gives a creative without feed one variant, rule 0', async () => {
    const creativeId = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: 'Static' });
    const data = (await open(await tokenOf(creativeId))).json().data;
    expect(data.variants).toEqual([{ rule_id: 0, reporting_label: 'Static', render_url: null }]);
    expect(data.fallback_url).toBeNull();
  });

  it('logs each opening with a hashed IP and the user agent, and moves last_viewed_at on', async () => {
    const creativeId = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: 'Watched' });
    const token = await tokenOf(creativeId);
    await open(token, { 'user-agent': 'Client browser 1.0' });
    await open(token, { 'user-agent': 'Client browser 2.0' });
    const link = await t.db
      .selectFrom('preview_links')
      .selectAll()
      .where('token', '=', token)
      .executeTakeFirstOrThrow();
    const views = await t.db
      .selectFrom('token_views')
      .selectAll()
      .where('link_kind', '=', 'preview')
      .where('link_id', '=', link.id)
      .orderBy('id')
      .execute();
    expect(views.map((view) => view.user_agent)).toEqual(['Client browser 1.0', 'Client browser 2.0']);
    expect(views[0]).toMatchObject({ company_id: t.companyId });
    expect(views[0]!.ip_hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(views[0]!.ip_hash).not.toContain('127.0.0.1');
    expect(link.last_viewed_at).toBe(views[1]!.viewed_at);
  });

  it('answers 404 for an unknown or malformed token and 410 for a revoked or expired one, reaching nothing else', async () => {
    const creativeId = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: 'Revocable' });
    const token = await tokenOf(creativeId);
    for (const unknown of [`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, 'short', '../../etc'])
      expect((await open(encodeURIComponent(unknown))).statusCode, unknown).toBe(404);

    await t.db
      .updateTable('preview_links')
      .set({ revoked_at: new Date().toISOString() })
      .where('token', '=', token)
      .execute();
    const revoked = await open(token);
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json()).toEqual({ message: LINK_GONE });

    const other = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: 'Expiring' });
    const expiring = await tokenOf(other);
    await t.db
      .updateTable('preview_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token', '=', expiring)
      .execute();
    expect((await open(expiring)).statusCode).toBe(410);
    // Neither refused opening was logged.
    const refused = await t.db
      .selectFrom('preview_links')
      .select('id')
      .where('token', 'in', [token, expiring])
      .execute();
    expect(refused).toHaveLength(2);
    const logged = await t.db
      .selectFrom('token_views')
      .select('id')
      .where('link_kind', '=', 'preview')
      .where(
        'link_id',
        'in',
        refused.map((row) => row.id),
      )
      .execute();
    expect(logged).toEqual([]);
  });

  it('answers 404 once the creative is deleted', async () => {
    const creativeId = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: 'Soon gone' });
    const token = await tokenOf(creativeId);
    await t.db
      .updateTable('creatives')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', creativeId)
      .execute();
    expect((await open(token)).statusCode).toBe(404);
  });
});

describe('GET /v1/creatives/externalpreview/{token}/simulate', () => {
  it('names the variant a viewer gets, and whether it has conditions to hold', async () => {
    const profileId = await insertProfile(t.db, { companyId: t.companyId, name: 'Simulated feed' });
    const [always] = await insertRules(t.db, {
      companyId: t.companyId,
      profileId,
      rows: [{ Region: 'North' }],
    });
    await t.db
      .updateTable('profile_rules')
      .set({ reporting_label: 'For everyone' })
      .where('id', '=', always!)
      .execute();
    const creativeId = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: 'Simulated' });
    await t.db.updateTable('creatives').set({ profile_id: profileId }).where('id', '=', creativeId).execute();

    const url = `/v1/creatives/externalpreview/${await tokenOf(creativeId)}/simulate`;
    const res = await guest.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    expectDocumentedAnswer(
      t.app.swagger(),
      { method: 'GET', url: '/v1/creatives/externalpreview/:token/simulate' },
      res,
    );
    expect(res.json().data).toMatchObject({
      reason: 'matched',
      variant: { rule_id: always, reporting_label: 'For everyone', has_conditions: false },
    });

    const condition = await insertCondition(t.db, { companyId: t.companyId, name: 'Belgium only' });
    const expression = { logic: 'all', predicates: [{ field: 'country', operator: 'eq', value: 'BE' }] };
    await t.db
      .updateTable('conditions')
      .set({ expression: JSON.stringify(expression) })
      .where('id', '=', condition)
      .execute();
    await t.db
      .updateTable('profile_rules')
      .set({ condition_ids: JSON.stringify([condition]) })
      .where('id', '=', always!)
      .execute();
    const belgian = await guest.inject({ method: 'GET', url: `${url}?country=BE` });
    expect(belgian.json().data).toMatchObject({ reason: 'matched', variant: { has_conditions: true } });
  });
});

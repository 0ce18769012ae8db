import { describe, expect, it } from 'vitest';
import { type AccessRoute, describeAccessMatrix, resourceAccessRoutes } from '../access-matrix';
import type { TestApp } from '../helper';
import { insertApproval, insertCreative } from '../rows';
import { INSERTED_AT, insertCampaign } from './fixtures';

interface Fixture {
  id: number;
  linkId: number;
  /** A creative of the campaign, a publisher asked to approve it and that publisher's approval link. */
  creativeId: number;
  publisherId: number;
  approvalLinkId: number;
  name: string;
  /** A soft-deleted campaign, for restore. */
  deletedId: number;
}
let seq = 0;

/** A fresh campaign in quality assurance with a report link, and a deleted one, for each request. */
async function fixture(t: TestApp, companyId: number): Promise<Fixture> {
  const name = `Access ${++seq}`;
  const id = await insertCampaign(t.db, {
    companyId,
    name,
    status: 'quality assurance',
    url: 'https://access.example.com',
  });
  const deletedId = await insertCampaign(t.db, { companyId, name: `Gone ${seq}`, deleted_at: INSERTED_AT });
  const link = await t.db
    .insertInto('report_links')
    .values({
      company_id: companyId,
      campaign_id: id,
      token: `token-${seq}-${'x'.repeat(32)}`,
      created_at: '2026-01-01T00:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const creativeId = await insertCreative(t.db, { companyId, campaignId: id, name: `Creative ${seq}` });
  const approvalId = await insertApproval(t.db, {
    companyId,
    campaignId: id,
    creativeId,
    publisher: `Publisher ${seq}`,
  });
  const { media_entity_id: publisherId } = await t.db
    .selectFrom('approvals')
    .select('media_entity_id')
    .where('id', '=', approvalId)
    .executeTakeFirstOrThrow();
  const approvalLink = await t.db
    .insertInto('approval_links')
    .values({
      company_id: companyId,
      campaign_id: id,
      media_entity_id: publisherId,
      token: `approval-${seq}-${'x'.repeat(32)}`,
      created_at: '2026-01-01T00:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, linkId: link.id, name, deletedId, creativeId, publisherId, approvalLinkId: approvalLink.id };
}

/** The rows, link, audit entries and copies a refused request must leave alone. */
const snapshot = async (t: TestApp, f: Fixture) => ({
  campaigns: await t.db
    .selectFrom('campaigns')
    .selectAll()
    .where('id', 'in', [f.id, f.deletedId])
    .orderBy('id')
    .execute(),
  link: await t.db.selectFrom('report_links').selectAll().where('campaign_id', '=', f.id).execute(),
  approvals: await t.db.selectFrom('approvals').selectAll().where('campaign_id', '=', f.id).execute(),
  approvalLinks: await t.db
    .selectFrom('approval_links')
    .selectAll()
    .where('campaign_id', '=', f.id)
    .orderBy('id')
    .execute(),
  audit: await t.db
    .selectFrom('audit_log')
    .select('id')
    .where('entity_type', '=', 'campaign')
    .where('entity_id', 'in', [f.id, f.deletedId])
    .execute(),
  copies: await t.db.selectFrom('campaigns').select('id').where('name', 'like', `${f.name} (copy%`).execute(),
});

const ROUTES: AccessRoute<Fixture>[] = [
  ...resourceAccessRoutes<Fixture>('/v1/campaigns'),
  {
    name: 'create',
    method: 'POST',
    url: () => '/v1/campaigns',
    body: () => ({ name: `Created ${++seq}` }),
    ok: 201,
    qa: false,
    scoped: false,
  },
  {
    name: 'edit',
    method: 'PUT',
    url: (f) => `/v1/campaigns/${f.id}`,
    body: () => ({ name: `Edited ${++seq}`, updated_at: INSERTED_AT }),
    ok: 200,
    qa: false,
    scoped: true,
  },
  {
    name: 'approvals',
    method: 'GET',
    url: (f) => `/v1/campaigns/${f.id}/approvals`,
    ok: 200,
    qa: true,
    scoped: true,
  },
  {
    name: 'create report link',
    method: 'POST',
    url: (f) => `/v1/campaigns/${f.id}/report/url`,
    body: () => ({}),
    ok: 201,
    qa: false,
    scoped: true,
  },
  {
    name: 'list report links',
    method: 'GET',
    url: (f) => `/v1/campaigns/${f.id}/report/links`,
    ok: 200,
    qa: true,
    scoped: true,
  },
  {
    name: 'revoke report link',
    method: 'DELETE',
    url: (f) => `/v1/campaigns/${f.id}/report/links/${f.linkId}`,
    ok: 204,
    qa: false,
    scoped: true,
  },
  {
    name: "a report link's views",
    method: 'GET',
    url: (f) => `/v1/token-links/report/${f.linkId}/views`,
    ok: 200,
    qa: true,
    scoped: true,
  },
  {
    name: 'ask publishers for approval (creates their links)',
    method: 'POST',
    url: (f) => `/v1/campaigns/${f.id}/approvals`,
    body: (f) => ({ creative_ids: [f.creativeId], media_entity_ids: [f.publisherId] }),
    ok: 201,
    qa: false,
    scoped: true,
  },
  {
    name: 'list approval links',
    method: 'GET',
    url: (f) => `/v1/campaigns/${f.id}/approvals/links`,
    ok: 200,
    qa: true,
    scoped: true,
  },
  {
    name: 'revoke an approval link',
    method: 'DELETE',
    url: (f) => `/v1/campaigns/${f.id}/approvals/links/${f.approvalLinkId}`,
    ok: 204,
    qa: false,
    scoped: true,
  },
  {
    name: "an approval link's views",
    method: 'GET',
    url: (f) => `/v1/token-links/approval/${f.approvalLinkId}/views`,
    ok: 200,
    qa: true,
    scoped: true,
  },
];

const matrix = describeAccessMatrix({ section: 'campaigns', routes: ROUTES, fixture, snapshot });

describe('campaign rules beyond the matrix', () => {
  it('bulk results for qa and writers reflect the per-item rules, not a blanket refusal', async () => {
    const f = await fixture(matrix.t, matrix.t.companyId);
    const res = await matrix.clients.qa.post('/v1/campaigns/bulk', {
      action: 'status',
      status: 'testing',
      ids: [f.id],
    });
    expect(res.json().data).toEqual([{ id: f.id, ok: true }]);
  });

  it('lists and bulk actions never reach another company', async () => {
    const foreign = await fixture(matrix.t, matrix.otherCompany);
    const list = (
      await matrix.clients.admin.get(`/v1/campaigns/?items-per-page=-1&filter=Access%20${seq}`)
    ).json();
    expect(list.data.map((c: { id: number }) => c.id)).not.toContain(foreign.id);
    for (const body of [
      { action: 'status', status: 'testing', ids: [foreign.id] },
      { action: 'delete', ids: [foreign.id] },
      { action: 'restore', ids: [foreign.deletedId] },
    ]) {
      const res = await matrix.clients.admin.post('/v1/campaigns/bulk', body);
      const id = body.ids[0];
      expect(res.json().data).toEqual([{ id, ok: false, message: 'Cannot find this campaign.' }]);
    }
    const row = await matrix.t.db
      .selectFrom('campaigns')
      .selectAll()
      .where('id', '=', foreign.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'quality assurance', deleted_at: null });
  });

  it("a link id of another campaign or company cannot be revoked through this campaign's url", async () => {
    const mine = await fixture(matrix.t, matrix.t.companyId);
    const sibling = await fixture(matrix.t, matrix.t.companyId);
    const foreign = await fixture(matrix.t, matrix.otherCompany);
    for (const linkId of [sibling.linkId, foreign.linkId]) {
      const res = await matrix.clients.admin.delete(`/v1/campaigns/${mine.id}/report/links/${linkId}`);
      expect(res.statusCode).toBe(404);
    }
    const revoked = await matrix.t.db
      .selectFrom('report_links')
      .select('id')
      .where('id', 'in', [sibling.linkId, foreign.linkId])
      .where('revoked_at', 'is not', null)
      .execute();
    expect(revoked).toEqual([]);
  });
});

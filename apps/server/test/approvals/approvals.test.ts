import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, diskOf, type TestApp } from '../helper';
import { insertApproval, insertCampaign, insertCreative } from '../rows';

let t: TestApp;
let client: Client;
let seq = 0;
const unique = (name: string) => `${name} ${++seq}`;
const AT = '2026-01-01T00:00:00.000Z';

beforeAll(async () => {
  t = await buildTestApp();
  client = await t.injectAs(await t.createUser({ permissions: ['edit campaigns'] }));
});
afterAll(() => t.close());

describe('GET /v1/campaigns/{id}/approvals', () => {
  it('lists approvals with creative and publisher names', async () => {
    const campaignId = await insertCampaign(t.db, { companyId: t.companyId, name: unique('Approved') });
    const creativeId = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: 'MPU' });
    const approvalId = await insertApproval(t.db, {
      companyId: t.companyId,
      campaignId,
      creativeId,
      publisher: 'Daily Herald',
      status: 'rejected',
      at: AT,
    });
    const empty = await insertCampaign(t.db, { companyId: t.companyId, name: unique('No approvals') });
    expect((await client.get(`/v1/campaigns/${empty}/approvals`)).json()).toEqual({ data: [] });
    const res = await client.get(`/v1/campaigns/${campaignId}/approvals`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: approvalId,
        status: 'rejected',
        comment: 'Logo too small.',
        approver_name: null,
        decided_at: '2026-01-01T00:00:00.000Z',
        reset_reason: null,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
        creative: { id: creativeId, name: 'MPU' },
        media_entity: { id: expect.any(Number), name: 'Daily Herald' },
      },
    ]);
  });

  it('serves the seeded demo approvals', async () => {
    const { seedDemoData } = await import('../../src/cli/seed-demo');
    const company = await t.createCompany('Demo');
    const admin = await t.createUser({ companyId: company, roles: ['admin'] });
    await seedDemoData(t.db, company, admin.id, diskOf(t.app), t.app.config.appUrl);
    const demo = await t.injectAs(admin);
    const list = (await demo.get('/v1/campaigns?items-per-page=-1')).json();
    expect(list.meta.total).toBe(16);
    const statuses = new Set(list.data.map((c: { status: string }) => c.status));
    expect(statuses.size).toBe(8);
    let approvals = 0;
    for (const campaign of list.data) {
      const res = await demo.get(`/v1/campaigns/${campaign.id}/approvals`);
      expect(res.statusCode).toBe(200);
      approvals += res.json().data.length;
    }
    expect(approvals).toBeGreaterThan(0);
  });

  it("leaves out deleted creatives' approvals, and 404s for a deleted or foreign campaign", async () => {
    const campaignId = await insertCampaign(t.db, { companyId: t.companyId, name: unique('Mixed') });
    const gone = await insertCreative(t.db, {
      companyId: t.companyId,
      campaignId,
      name: 'Gone',
      deleted: true,
    });
    await insertApproval(t.db, { companyId: t.companyId, campaignId, creativeId: gone, publisher: 'P' });
    expect((await client.get(`/v1/campaigns/${campaignId}/approvals`)).json()).toEqual({ data: [] });
    const deleted = await insertCampaign(t.db, {
      companyId: t.companyId,
      name: unique('Bin'),
      deleted: true,
    });
    expect((await client.get(`/v1/campaigns/${deleted}/approvals`)).statusCode).toBe(404);
    const other = await t.createCompany();
    const foreign = await insertCampaign(t.db, { companyId: other, name: 'Theirs' });
    expect((await client.get(`/v1/campaigns/${foreign}/approvals`)).statusCode).toBe(404);
  });
});

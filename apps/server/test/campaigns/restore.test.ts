import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { insertCampaign, stamp } from '../rows';
import { auditOf } from './fixtures';

let t: TestApp;
let client: Client;
let companyId: number;

beforeAll(async () => {
  t = await buildTestApp();
  companyId = await t.createCompany('Restorers');
  client = await t.injectAs(await t.createUser({ companyId, permissions: ['edit campaigns'] }));
});
afterAll(() => t.close());

const names = async (query: string) => {
  const res = await client.get(`/v1/campaigns?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((c: { name: string }) => c.name);
};

describe('status and deleted list filters', () => {
  it('keeps the listed statuses, and with deleted=1 only deleted campaigns, newest deletion first', async () => {
    await insertCampaign(t.db, { companyId, name: 'On air', status: 'live' });
    await insertCampaign(t.db, { companyId, name: 'Set', status: 'ready' });
    await insertCampaign(t.db, { companyId, name: 'Sketch' });
    await insertCampaign(t.db, { companyId, name: 'Old bin', status: 'live', deleted: true });
    await insertCampaign(t.db, { companyId, name: 'New bin', deleted: true });
    expect(await names('status=live,ready')).toEqual(['Set', 'On air']);
    expect(await names('status=draft')).toEqual(['Sketch']);
    expect(await names('deleted=1')).toEqual(['New bin', 'Old bin']);
    expect(await names('deleted=1&status=live')).toEqual(['Old bin']);
    expect(await names('deleted=1&sort-by=name')).toEqual(['New bin', 'Old bin']);
    const deleted = (await client.get('/v1/campaigns?deleted=1')).json().data[0];
    expect(deleted).toMatchObject({ deleted_at: expect.any(String), allowed_statuses: [] });
    const bad = await client.get('/v1/campaigns?status=live,paused');
    expect(bad.statusCode).toBe(422);
  });
});

describe('POST /v1/campaigns/{id}/restore', () => {
  it('brings a deleted campaign back, audited, and 404s when it is not deleted', async () => {
    const id = await insertCampaign(t.db, { companyId, name: 'Comeback' });
    expect((await client.post(`/v1/campaigns/${id}/restore`)).statusCode).toBe(404);
    expect((await client.delete(`/v1/campaigns/${id}`)).statusCode).toBe(204);
    const res = await client.post(`/v1/campaigns/${id}/restore`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id, name: 'Comeback', deleted_at: null });
    const audit = await auditOf(t.db, id);
    expect(audit.map((a) => a.action)).toEqual(['deleted', 'restored']);
    expect(JSON.parse(audit[1]!.changes)).toEqual({
      deleted_at: [JSON.parse(audit[0]!.changes).deleted_at[1], null],
    });
  });

  it('refuses with 422 on the name when a live campaign has taken it meanwhile', async () => {
    const id = await insertCampaign(t.db, { companyId, name: 'Taken', deleted: true, updatedAt: stamp() });
    await insertCampaign(t.db, { companyId, name: 'TAKEN' });
    const res = await client.post(`/v1/campaigns/${id}/restore`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The name has already been taken.',
      errors: { name: ['The name has already been taken.'] },
    });
  });

  it('restores in bulk, refusing taken names and names taken earlier in the same batch', async () => {
    const a = await insertCampaign(t.db, { companyId, name: 'Bulk back', deleted: true });
    const b = await insertCampaign(t.db, { companyId, name: 'Same name', deleted: true });
    const c = await insertCampaign(t.db, { companyId, name: 'same NAME', deleted: true });
    const live = await insertCampaign(t.db, { companyId, name: 'Still here' });
    const res = await client.post('/v1/campaigns/bulk', { action: 'restore', ids: [a, b, c, live] });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { id: number; ok: boolean; message?: string }[];
    expect(data[0]).toEqual({ id: a, ok: true });
    // One of the twins comes back, the other is refused.
    expect(data.slice(1, 3).filter((r) => r.ok)).toHaveLength(1);
    expect(data.slice(1, 3).find((r) => !r.ok)?.message).toBe('The name has already been taken.');
    expect(data[3]).toEqual({ id: live, ok: false, message: 'Cannot find this campaign.' });
    expect(await names('filter=same')).toHaveLength(1);
  });

  it('needs write access', async () => {
    const qa = await t.injectAs(await t.createUser({ companyId, permissions: ['qa'] }));
    const id = await insertCampaign(t.db, { companyId, name: 'Not for qa', deleted: true });
    expect((await qa.post(`/v1/campaigns/${id}/restore`)).statusCode).toBe(403);
    expect((await qa.post('/v1/campaigns/bulk', { action: 'restore', ids: [id] })).statusCode).toBe(403);
  });
});

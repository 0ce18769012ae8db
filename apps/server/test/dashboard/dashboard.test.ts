import type { Dashboard } from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper';
import { insertAsset, insertCampaign, insertCondition, insertCreative, insertProfile } from '../rows';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const at = (minute: number) => new Date(Date.UTC(2026, 4, 1, 12, minute)).toISOString();

/** A company with a known mix of rows, plus rows that must never be counted. */
async function seededCompany() {
  const companyId = await t.createCompany();
  const c1 = await insertCampaign(t.db, { companyId, name: 'Draft one', status: 'draft', updatedAt: at(1) });
  await insertCampaign(t.db, { companyId, name: 'Draft two', status: 'draft', updatedAt: at(2) });
  const c3 = await insertCampaign(t.db, {
    companyId,
    name: 'In QA',
    status: 'quality assurance',
    updatedAt: at(3),
  });
  await insertCampaign(t.db, {
    companyId,
    name: 'Gone',
    status: 'testing',
    updatedAt: at(40),
    deleted: true,
  });
  const r1 = await insertCreative(t.db, {
    companyId,
    campaignId: c1,
    name: 'Testing banner',
    status: 'testing',
    updatedAt: at(0),
  });
  await insertCreative(t.db, {
    companyId,
    campaignId: c1,
    name: 'Live banner',
    status: 'live',
    updatedAt: at(5),
  });
  const r3 = await insertCreative(t.db, {
    companyId,
    campaignId: c3,
    name: 'QA banner',
    status: 'quality assurance',
    updatedAt: at(6),
  });
  await insertProfile(t.db, { companyId, name: 'Feed', status: 'synced', updatedAt: at(7) });
  await insertCondition(t.db, { companyId, name: 'Weather', updatedAt: at(8) });
  await insertCondition(t.db, { companyId, name: 'Old rule', updatedAt: at(50), deleted: true });
  await insertAsset(t.db, { companyId, creativeId: r1 });
  await insertAsset(t.db, { companyId, creativeId: r1 });
  await insertAsset(t.db, { companyId, creativeId: r3, deleted: true });

  // Another company's rows, newer and in QA: they must not show anywhere.
  const otherId = await t.createCompany();
  const oc = await insertCampaign(t.db, {
    companyId: otherId,
    name: 'Other QA',
    status: 'quality assurance',
    updatedAt: '2020-01-01T00:00:00.000Z',
  });
  const or = await insertCreative(t.db, {
    companyId: otherId,
    campaignId: oc,
    name: 'Other new',
    status: 'testing',
    updatedAt: '2030-01-01T00:00:00.000Z',
  });
  await insertAsset(t.db, { companyId: otherId, creativeId: or });
  return { companyId, ids: { c1, c3, r1, r3 } };
}

async function dashboardAs(
  companyId: number,
  permissions: string[],
  roles: string[] = [],
): Promise<Dashboard> {
  const client = await t.injectAs(await t.createUser({ companyId, permissions, roles }));
  const res = await client.get('/v1/dashboard');
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe('GET /v1/dashboard', () => {
  it('needs a session', async () => {
    expect((await (await t.guest()).get('/v1/dashboard')).statusCode).toBe(401);
  });

  it('gives an admin every section, counted per status, without deleted rows or other companies', async () => {
    const { companyId } = await seededCompany();
    const { sections } = await dashboardAs(companyId, [], ['admin']);
    expect(sections.campaigns).toEqual({
      total: 3,
      by_status: {
        draft: 2,
        'action required': 0,
        'quality assurance': 1,
        testing: 0,
        delivered: 0,
        ready: 0,
        live: 0,
        finished: 0,
      },
    });
    expect(sections.creatives?.total).toBe(3);
    expect(sections.creatives?.by_status).toMatchObject({
      testing: 1,
      live: 1,
      'quality assurance': 1,
      draft: 0,
    });
    expect(sections.profiles).toEqual({ total: 1, by_status: { new: 0, syncing: 0, synced: 1, failed: 0 } });
    expect(sections.conditions).toEqual({ total: 1 });
    expect(sections.assets).toEqual({ total: 2 });
  });

  it('lists the 10 most recently updated items across sections, newest first', async () => {
    const { companyId, ids } = await seededCompany();
    const { recent } = await dashboardAs(companyId, [], ['admin']);
    expect(recent.map((i) => `${i.type}:${i.title}`)).toEqual([
      'condition:Weather',
      'profile:Feed',
      'creative:QA banner',
      'creative:Live banner',
      'campaign:In QA',
      'campaign:Draft two',
      'campaign:Draft one',
      'creative:Testing banner',
    ]);
    expect(recent[2]).toEqual({
      type: 'creative',
      id: ids.r3,
      title: 'QA banner',
      status: 'quality assurance',
      updated_at: at(6),
    });
    expect(recent[0]?.status).toBeNull();

    for (let i = 0; i < 12; i++)
      await insertProfile(t.db, { companyId, name: `Fresh ${i}`, updatedAt: at(20 + i) });
    const again = await dashboardAs(companyId, [], ['admin']);
    expect(again.recent.map((i) => i.title)).toEqual(
      [11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((i) => `Fresh ${i}`),
    );
  });

  it("shows a user with only 'edit campaigns' the campaigns section and nothing else", async () => {
    const { companyId } = await seededCompany();
    const dashboard = await dashboardAs(companyId, ['edit campaigns']);
    expect(Object.keys(dashboard.sections)).toEqual(['campaigns']);
    expect(dashboard.sections.campaigns?.total).toBe(3);
    expect(new Set(dashboard.recent.map((i) => i.type))).toEqual(new Set(['campaign']));
    expect(dashboard.qa_queue).toEqual([]);
  });

  it('gives a qa user every readable section and the QA queue, oldest first', async () => {
    const { companyId, ids } = await seededCompany();
    const dashboard = await dashboardAs(companyId, ['qa']);
    expect(Object.keys(dashboard.sections).sort()).toEqual([
      'assets',
      'campaigns',
      'conditions',
      'creatives',
      'profiles',
    ]);
    expect(dashboard.qa_queue.map((i) => [i.type, i.id, i.status])).toEqual([
      ['creative', ids.r1, 'testing'],
      ['campaign', ids.c3, 'quality assurance'],
      ['creative', ids.r3, 'quality assurance'],
    ]);
  });

  it('gives an admin the QA queue too, capped at 20', async () => {
    const { companyId, ids } = await seededCompany();
    for (let i = 0; i < 25; i++)
      await insertCreative(t.db, {
        companyId,
        campaignId: ids.c1,
        name: `Waiting ${i}`,
        status: 'testing',
        updatedAt: at(30 + i),
      });
    const { qa_queue } = await dashboardAs(companyId, [], ['admin']);
    expect(qa_queue).toHaveLength(20);
    expect(qa_queue.slice(0, 3).map((i) => i.title)).toEqual(['Testing banner', 'In QA', 'QA banner']);
    expect(qa_queue.at(-1)?.title).toBe('Waiting 16');
  });

  it('gives a user without permissions an empty dashboard', async () => {
    const { companyId } = await seededCompany();
    expect(await dashboardAs(companyId, [])).toEqual({ sections: {}, recent: [], qa_queue: [] });
  });
});

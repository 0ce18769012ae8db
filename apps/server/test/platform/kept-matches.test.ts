import { encodeSearchQuery } from '@adstudio/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/database';
import { keptStats } from '../../src/lib/kept-by-version';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { insertCampaign, insertCampaigns, insertCreative } from '../rows';

let t: TestApp;
let admin: Client;
let otherCompany: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.injectAs(await t.createUser({ roles: ['admin'] }));
  otherCompany = await t.createCompany('Other');
  await insertCampaigns(
    t.db,
    Array.from({ length: 12 }, (_, i) => ({
      companyId: t.companyId,
      name: `Kept ${i}`,
      status: i % 3 === 0 ? ('live' as const) : ('draft' as const),
    })),
  );
});
afterAll(() => t.close());

/** A write that succeeded (2xx), with the body shown when it did not. */
function ok<R extends { statusCode: number; body: string }>(res: R): R {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res;
}

/** The campaigns `filter=kept` (and `status`) lists, counted by the table itself. */
async function counted(status?: string) {
  let rows = t.db
    .selectFrom('campaigns')
    .select('id')
    .where('company_id', '=', t.companyId)
    .where('deleted_at', 'is', null)
    .where(sql<boolean>`lower(name) like '%kept%'`);
  if (status) rows = rows.where('status', '=', status as 'live');
  return (await rows.orderBy('id').execute()).map((row) => row.id);
}

/**
 * Asks for the filtered list twice: the first answer reads the matches again when `fresh` (a write
 * changed the version), the second is answered from what was kept; both equal the table's count.
 */
async function expectExact(fresh: boolean, status?: string) {
  const url = `/v1/campaigns/?filter=kept&items-per-page=-1${status ? `&status=${status}` : ''}`;
  const expected = await counted(status);
  for (const round of [0, 1]) {
    const before = { ...keptStats };
    const res = ok(await admin.get(url));
    const { data, meta } = res.json();
    expect(meta.total).toBe(expected.length);
    expect(data.map((row: { id: number }) => row.id).sort((a: number, b: number) => a - b)).toEqual(expected);
    const read = keptStats.read - before.read;
    expect(read, round === 0 && fresh ? 'read again after a write' : 'answered from what was kept').toBe(
      round === 0 && fresh ? 1 : 0,
    );
  }
  return expected.length;
}

const edit = async (id: number, changes: object) => {
  const { updated_at } = ok(await admin.get(`/v1/campaigns/${id}`)).json().data;
  ok(await admin.put(`/v1/campaigns/${id}`, { ...changes, updated_at }));
};

describe('matches kept until their rows are written', () => {
  it('are read again after every kind of write, and only then', async () => {
    await expectExact(true);
    await expectExact(false);
    await expectExact(true, 'testing');
    const ids = await counted();
    let n = ids.length;
    const changed = async (write: () => Promise<unknown>, by: number, status?: string) => {
      await write();
      const now = await expectExact(true, status);
      if (!status) expect(now).toBe(n + by);
      n = status ? n : now;
    };

    // Through the API: create, rename, status, clone, bulk status, deletes, restores.
    let made = 0;
    await changed(async () => {
      made = ok(await admin.post('/v1/campaigns', { name: 'Kept made' })).json().data.id;
    }, 1);
    await changed(() => edit(ids[0]!, { name: 'Renamed away' }), -1);
    await changed(() => edit(ids[1]!, { status: 'testing' }), 0, 'testing');
    await changed(() => admin.post(`/v1/campaigns/${made}/clone`).then(ok), 1);
    await changed(
      () =>
        admin
          .post('/v1/campaigns/bulk', { action: 'status', status: 'testing', ids: [ids[2], ids[4]] })
          .then(ok),
      0,
      'testing',
    );
    await changed(
      () => admin.post('/v1/campaigns/bulk', { action: 'delete', ids: [ids[5], ids[6]] }).then(ok),
      -2,
    );
    await changed(() => admin.delete(`/v1/campaigns/${ids[7]}`).then(ok), -1);
    await changed(() => admin.post(`/v1/campaigns/${ids[7]}/restore`).then(ok), 1);
    await changed(
      () => admin.post('/v1/campaigns/bulk', { action: 'restore', ids: [ids[5], ids[6]] }).then(ok),
      2,
    );

    // Straight to the table, as seeds, imports and repositories write: one row, many rows in one
    // statement, an update moving a row to another company, a delete.
    let raw = 0;
    await changed(async () => {
      raw = await insertCampaign(t.db, { companyId: t.companyId, name: 'Kept raw' });
    }, 1);
    await changed(
      () =>
        insertCampaigns(
          t.db,
          ['Kept imported 1', 'Kept imported 2', 'Kept imported 3'].map((name) => ({
            companyId: t.companyId,
            name,
          })),
        ),
      3,
    );
    await changed(
      () => t.db.updateTable('campaigns').set({ company_id: otherCompany }).where('id', '=', raw).execute(),
      -1,
    );
    await changed(() => t.db.deleteFrom('campaigns').where('name', '=', 'Kept imported 3').execute(), -1);
    await changed(
      () =>
        t.db
          .updateTable('campaigns')
          .set({ deleted_at: '2026-02-01T00:00:00.000Z' })
          .where('name', '=', 'Kept imported 2')
          .execute(),
      -1,
    );

    // Another process: its own connection to the same database, which this one never hears of.
    const elsewhere = createDb(t.config.database);
    try {
      await changed(() => insertCampaign(elsewhere, { companyId: t.companyId, name: 'Kept elsewhere' }), 1);
    } finally {
      await elsewhere.destroy();
    }

    // Another company's writes and other lists' writes leave them kept.
    await insertCampaign(t.db, { companyId: otherCompany, name: 'Kept other company' });
    await insertCreative(t.db, { companyId: t.companyId, campaignId: ids[3]!, name: 'Kept creative' });
    await expectExact(false);
  });

  it('stay right after a write that rolls back, and are not kept from inside a transaction', async () => {
    await expectExact(false);
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('campaigns')
          .values({
            company_id: t.companyId,
            name: 'Kept rolled back',
            status: 'draft',
            ranges: '[]',
            created_at: '2026-02-01T00:00:00.000Z',
            updated_at: '2026-02-01T00:00:00.000Z',
          })
          .execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const n = await expectExact(false);
    expect(n).toBe((await counted()).length);
  });

  it('are not kept for the global search, whose text changes with every letter typed', async () => {
    const before = { ...keptStats };
    for (const _ of [0, 1]) ok(await admin.get(`/v1/search/${encodeSearchQuery('kept')}`));
    expect(keptStats).toEqual(before);
  });
});

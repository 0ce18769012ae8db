import { LIST_COUNT_CAP, type STATUSES } from '@adstudio/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPARSE_MATCHES } from '../../src/lib/indexed-filter';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { insertAsset, insertCampaign, insertCondition, insertCreative, insertProfile } from '../rows';

let t: TestApp;
let admin: Client;
let other: Client;
let otherCompany: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.injectAs(await t.createUser({ roles: ['admin'] }));
  otherCompany = await t.createCompany('Other');
  other = await t.injectAs(await t.createUser({ roles: ['admin'], companyId: otherCompany }));
});
afterAll(() => t.close());

const COUNTED = [
  ['campaigns', true],
  ['creatives', true],
  ['profiles', true],
  ['conditions', false],
  ['assets', false],
] as const;

/** item_counts against a count of the tables themselves: every company, list, status, deleted. */
async function expectCountsExact() {
  const kept = new Map<string, number>();
  for (const row of await t.db.selectFrom('item_counts').selectAll().execute()) {
    if (Number(row.n) !== 0)
      kept.set(`${row.company_id}|${row.section}|${row.status}|${row.deleted}`, Number(row.n));
  }
  const counted = new Map<string, number>();
  for (const [table, hasStatus] of COUNTED) {
    const rows = await sql<{ company_id: number; status: string; deleted: number; n: number }>`
      select company_id, ${hasStatus ? sql.ref('status') : sql.lit('')} as status,
        case when deleted_at is null then 0 else 1 end as deleted, count(*) as n
      from ${sql.table(table)} group by 1, 2, 3`.execute(t.db);
    for (const row of rows.rows)
      counted.set(`${row.company_id}|${table}|${row.status}|${row.deleted}`, Number(row.n));
  }
  expect(kept).toEqual(counted);
}

/** A list's meta.total against a plain count of its rows. */
async function expectListTotals(client: Client, companyId: number) {
  for (const [list, query] of [
    ['campaigns', ''],
    ['campaigns', 'status=draft,testing'],
    ['campaigns', 'deleted=1'],
    ['creatives', ''],
    ['creatives', 'status=live'],
    ['creatives', 'deleted=1&status=draft'],
  ] as const) {
    const params = new URLSearchParams(query);
    let rows = t.db
      .selectFrom(list)
      .select(sql<number>`count(*)`.as('n'))
      .where('company_id', '=', companyId)
      .where('deleted_at', params.get('deleted') ? 'is not' : 'is', null);
    const statuses = params.get('status')?.split(',') as (typeof STATUSES)[number][] | undefined;
    if (statuses) rows = rows.where('status', 'in', statuses);
    const { n } = await rows.executeTakeFirstOrThrow();
    const res = await client.get(`/v1/${list}/?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta, `${list}?${query}`).toMatchObject({ total: Number(n), total_capped: false });
  }
}

/** A write that succeeded (2xx), with the body shown when it did not. */
function ok(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBeLessThan(300);
}

describe('kept counts', () => {
  it('stay exact after every kind of write, on the list totals and the dashboard', async () => {
    const create = async (name: string) => {
      const res = await admin.post('/v1/campaigns', { name });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as number;
    };
    const [a, b, c] = [await create('Count a'), await create('Count b'), await create('Count c')];
    await other.post('/v1/campaigns', { name: 'Elsewhere' });
    await expectCountsExact();

    // A status move, a rename (no counter moves), a clone.
    const edit = async (id: number, changes: object) => {
      const { updated_at } = (await admin.get(`/v1/campaigns/${id}`)).json().data;
      const res = await admin.put(`/v1/campaigns/${id}`, { ...changes, updated_at });
      expect(res.statusCode, res.body).toBe(200);
    };
    await edit(a, { status: 'testing' });
    await edit(b, { name: 'Count b renamed' });
    ok(await admin.post(`/v1/campaigns/${c}/clone`));
    await expectCountsExact();

    // Bulk status, bulk delete, single delete, single restore, bulk restore.
    const moved = await admin.post('/v1/campaigns/bulk', {
      action: 'status',
      status: 'testing',
      ids: [b, c],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await expectCountsExact();
    ok(await admin.post('/v1/campaigns/bulk', { action: 'delete', ids: [a, b] }));
    ok(await admin.delete(`/v1/campaigns/${c}`));
    await expectCountsExact();
    await expectListTotals(admin, t.companyId);
    ok(await admin.post(`/v1/campaigns/${c}/restore`));
    ok(await admin.post('/v1/campaigns/bulk', { action: 'restore', ids: [a, b] }));
    await expectCountsExact();

    // Creatives through the API, and rows written straight to the tables (seeds, feeds, fixes).
    const made = await admin.post('/v1/creatives', {
      campaign_id: a,
      name: 'Count creative',
      width: 300,
      height: 250,
    });
    expect(made.statusCode, made.body).toBe(201);
    const creative = made.json().data.id as number;
    ok(await admin.post(`/v1/creatives/${creative}/clone`));
    expect(
      (await admin.post('/v1/creatives/bulk', { action: 'status', status: 'live', ids: [creative] }))
        .statusCode,
    ).toBe(200);
    const raw = await insertCampaign(t.db, { companyId: t.companyId, name: 'Raw', status: 'live' });
    await insertCreative(t.db, {
      companyId: t.companyId,
      campaignId: raw,
      name: 'Raw creative',
      deleted: true,
    });
    await t.db.updateTable('campaigns').set({ company_id: otherCompany }).where('id', '=', raw).execute();
    await t.db.deleteFrom('creatives').where('name', '=', 'Raw creative').execute();
    await expectCountsExact();
    await expectListTotals(admin, t.companyId);
    await expectListTotals(other, otherCompany);

    // Lists without an API yet (profiles, conditions, assets) are counted by the same triggers,
    // with or without a status column.
    const profile = await insertProfile(t.db, { companyId: t.companyId, name: 'Counted feed' });
    await insertProfile(t.db, { companyId: t.companyId, name: 'Deleted feed', deleted: true });
    await t.db.updateTable('profiles').set({ status: 'synced' }).where('id', '=', profile).execute();
    const condition = await insertCondition(t.db, { companyId: t.companyId, name: 'Counted condition' });
    await t.db
      .updateTable('conditions')
      .set({ deleted_at: '2026-02-01T00:00:00.000Z' })
      .where('id', '=', condition)
      .execute();
    const asset = await insertAsset(t.db, { companyId: t.companyId, creativeId: creative });
    await insertAsset(t.db, { companyId: otherCompany, creativeId: creative });
    await t.db.deleteFrom('assets').where('id', '=', asset).execute();
    await expectCountsExact();

    // The dashboard reads the same counts.
    const dashboard = (await admin.get('/v1/dashboard')).json().data;
    const live = await t.db
      .selectFrom('campaigns')
      .select(['status', sql<number>`count(*)`.as('n')])
      .where('company_id', '=', t.companyId)
      .where('deleted_at', 'is', null)
      .groupBy('status')
      .execute();
    const total = live.reduce((sum, row) => sum + Number(row.n), 0);
    expect(JSON.stringify(dashboard)).toContain(`"total":${total}`);
  });

  it('are left as they were by a write that fails and rolls back', async () => {
    const before = await t.db
      .selectFrom('item_counts')
      .selectAll()
      .orderBy(['company_id', 'section', 'status', 'deleted'])
      .execute();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('campaigns')
          .set({ status: 'finished' })
          .where('company_id', '=', t.companyId)
          .execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const after = await t.db
      .selectFrom('item_counts')
      .selectAll()
      .orderBy(['company_id', 'section', 'status', 'deleted'])
      .execute();
    expect(after).toEqual(before);
    await expectCountsExact();
  });
});

describe('filtered totals', () => {
  it(`count exactly up to ${LIST_COUNT_CAP}, then say the cap and page on to the end`, async () => {
    const companyId = await t.createCompany('Big');
    const client = await t.injectAs(await t.createUser({ roles: ['admin'], companyId }));
    const N = LIST_COUNT_CAP + 60;
    const at = '2026-01-01T00:00:00.000Z';
    for (let from = 0; from < N; from += 1000) {
      const rows = Array.from({ length: Math.min(1000, N - from) }, (_, i) => ({
        company_id: companyId,
        name: `Capped ${from + i}`,
        ranges: '[{"start":"2026-01-01","end":"2026-12-31"}]',
        launch_date: '2026-01-01',
        end_date: '2026-12-31',
        created_at: at,
        updated_at: at,
      }));
      await t.db.insertInto('campaigns').values(rows).execute();
    }
    await insertCampaign(t.db, {
      companyId,
      name: 'Not matching',
      launchDate: '2020-01-01',
      end_date: '2020-01-02',
    });

    // Unfiltered: the kept count, exact however large.
    expect((await client.get('/v1/campaigns/')).json().meta).toMatchObject({
      total: N + 1,
      total_capped: false,
    });
    for (const filter of ['filter=capped', 'filter=pped', 'filter=ca', 'date=2026-06-01']) {
      const first = (await client.get(`/v1/campaigns/?${filter}`)).json();
      expect(first.meta, filter).toMatchObject({ total: LIST_COUNT_CAP, total_capped: true, last_page: 400 });
      // At the cap's last page there is a next one; the real last page has none.
      const atCap = (await client.get(`/v1/campaigns/?${filter}&page=400`)).json();
      expect(atCap.meta.last_page).toBe(401);
      expect(atCap.links.next).toContain('page=401');
      const end = (await client.get(`/v1/campaigns/?${filter}&page=403`)).json();
      expect(end.data).toHaveLength(N - 402 * 25);
      expect(end.links.next).toBeNull();
      expect(end.meta).toMatchObject({ current_page: 403, last_page: 403, total_capped: true });
    }
    // Below the cap a filtered total is exact.
    const few = (await client.get('/v1/campaigns/?filter=capped 99')).json().meta;
    expect(few).toMatchObject({ total: 111, total_capped: false }); // 99, 990–999, 9900–9999
  });

  it('lists the creatives of the campaigns running on a day, few campaigns or many', async () => {
    const companyId = await t.createCompany('Dated');
    const client = await t.injectAs(await t.createUser({ roles: ['admin'], companyId }));
    const at = '2026-01-01T00:00:00.000Z';
    // 700 campaigns: four in five run through June 2026 with 20 creatives each (10,000+ creatives,
    // more than the cap, of most campaigns: the walked plan); the rest ran in 2020 with 80 each
    // (10,000+ creatives of under a quarter of the campaigns: sorted out of the matches); a few have
    // only an end (and run on any day before it) or no dates at all. A day of neither lists by id.
    const old = (i: number) => i % 5 === 4;
    const campaigns = Array.from({ length: 700 }, (_, i) => ({
      company_id: companyId,
      name: `Dated ${i}`,
      ranges: '[]',
      launch_date: i % 50 === 0 ? null : old(i) ? '2020-01-01' : '2026-06-01',
      end_date: i % 70 === 0 ? null : old(i) ? '2020-01-31' : '2026-06-30',
      created_at: at,
      updated_at: at,
    }));
    const ids = (await t.db.insertInto('campaigns').values(campaigns).returning('id').execute()).map(
      (r) => r.id,
    );
    const perCampaign = (i: number) => (old(i) ? 80 : 20);
    // Each creative's campaign (by index), in the order they are written.
    const campaignIndex = ids.flatMap((_, i) => Array.from({ length: perCampaign(i) }, () => i));
    const creatives = campaignIndex.map((i, k) => ({
      company_id: companyId,
      campaign_id: ids[i]!,
      name: `Dated creative ${i}-${k}`,
      width: 300,
      height: 250,
      created_at: at,
      updated_at: new Date(Date.UTC(2026, 0, 1) + k * 1000).toISOString(),
    }));
    const made: number[] = [];
    for (let from = 0; from < creatives.length; from += 1000) {
      const batch = creatives.slice(from, from + 1000);
      made.push(
        ...(await t.db.insertInto('creatives').values(batch).returning('id').execute()).map((r) => r.id),
      );
    }
    const campaignOf = (k: number) => campaigns[campaignIndex[k]!]!;
    const runs = (c: (typeof campaigns)[number], day: string) =>
      (c.launch_date !== null || c.end_date !== null) &&
      (c.launch_date === null || c.launch_date <= day) &&
      (c.end_date === null || c.end_date >= day);
    for (const day of ['2026-06-15', '2020-01-15', '2030-01-01', '2019-01-01']) {
      const expected = made.filter((_, k) => runs(campaignOf(k), day)).sort((a, b) => b - a);
      if (day.startsWith('2026') || day.startsWith('2020'))
        expect(expected.length, day).toBeGreaterThan(LIST_COUNT_CAP);
      const all = (
        await client.get(`/v1/creatives/?date=${day}&items-per-page=-1&sort-by=created_at&sort-order=desc`)
      ).json();
      expect(
        all.data.map((c: { id: number }) => c.id).sort((a: number, b: number) => b - a),
        day,
      ).toEqual(expected);
      const page = (await client.get(`/v1/creatives/?date=${day}&page=2`)).json();
      const capped = expected.length > LIST_COUNT_CAP;
      expect(page.meta.total, day).toBe(capped ? LIST_COUNT_CAP : expected.length);
      expect(page.meta.total_capped, day).toBe(capped);
      // Most recently updated first: the newest creatives are the highest ids here.
      expect(
        page.data.map((c: { id: number }) => c.id),
        day,
      ).toEqual(expected.slice(25, 50));
      // Oldest first, deeper: the same order reversed.
      const oldest = (
        await client.get(`/v1/creatives/?date=${day}&sort-by=updated_at&sort-order=asc&page=3`)
      ).json();
      expect(
        oldest.data.map((c: { id: number }) => c.id),
        day,
      ).toEqual([...expected].reverse().slice(50, 75));
    }
    // 22,400 creatives written and read back whole four times: on a loaded 2-core machine, more than 30 s.
  }, 120_000);

  it('finds the campaigns running on a day through the range index, kept in step by every write', async () => {
    const companyId = await t.createCompany('Spans');
    const client = await t.injectAs(await t.createUser({ roles: ['admin'], companyId }));
    const at = '2026-01-01T00:00:00.000Z';
    const dayOf = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
    const spans = Array.from({ length: 120 }, (_, i) => ({
      launch_date: i % 9 === 0 ? null : dayOf((i * 7) % 60),
      end_date: i % 11 === 0 ? null : dayOf(((i * 7) % 60) + (i % 20)),
    }));
    const ids = (
      await t.db
        .insertInto('campaigns')
        .values(
          spans.map((span, i) => ({
            company_id: companyId,
            name: `Span ${i}`,
            ranges: '[]',
            ...span,
            created_at: at,
            updated_at: at,
          })),
        )
        .returning('id')
        .execute()
    ).map((r) => r.id);
    // Writes after the insert: new dates, dates removed, a campaign moved to another company, one deleted.
    await t.db
      .updateTable('campaigns')
      .set({ launch_date: dayOf(5), end_date: dayOf(6) })
      .where('id', '=', ids[1]!)
      .execute();
    spans[1] = { launch_date: dayOf(5), end_date: dayOf(6) };
    await t.db
      .updateTable('campaigns')
      .set({ launch_date: null, end_date: null })
      .where('id', '=', ids[2]!)
      .execute();
    spans[2] = { launch_date: null, end_date: null };
    await t.db.updateTable('campaigns').set({ company_id: t.companyId }).where('id', '=', ids[3]!).execute();
    await t.db.deleteFrom('campaigns').where('id', '=', ids[4]!).execute();
    const gone = new Set([ids[3], ids[4]]);
    const runs = (span: (typeof spans)[number], day: string) =>
      (span.launch_date !== null || span.end_date !== null) &&
      (span.launch_date === null || span.launch_date <= day) &&
      (span.end_date === null || span.end_date >= day);
    for (const n of [-5, 0, 5, 6, 30, 59, 70, 90]) {
      const day = dayOf(n);
      const expected = ids.filter((id, i) => !gone.has(id) && runs(spans[i]!, day)).sort((a, b) => a - b);
      const res = (await client.get(`/v1/campaigns/?date=${day}&items-per-page=-1`)).json();
      expect(
        res.data.map((c: { id: number }) => c.id).sort((a: number, b: number) => a - b),
        day,
      ).toEqual(expected);
    }
  });

  it('lists the campaigns running on a day, from a few to thousands, in every order, deleted or not', async () => {
    const companyId = await t.createCompany('Running');
    const client = await t.injectAs(await t.createUser({ roles: ['admin'], companyId }));
    // 3,000 campaigns: 2,400 ran through 2020 (more than SPARSE_MATCHES, fewer than the cap: sorted
    // out of the matches), the rest in 2025; one in 9 deleted, statuses mixed, times out of id order.
    const campaigns = Array.from({ length: 3000 }, (_, i) => ({
      company_id: companyId,
      name: `Running ${i}`,
      ranges: '[]',
      status: (['draft', 'live', 'ready'] as const)[i % 3]!,
      launch_date: i % 5 === 4 ? '2025-01-01' : '2020-01-01',
      end_date: i % 5 === 4 ? '2025-12-31' : '2020-12-31',
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: new Date(Date.UTC(2026, 0, 1) + ((i * 7919) % 3000) * 1000).toISOString(),
      deleted_at: i % 9 === 0 ? '2026-02-01T00:00:00.000Z' : null,
    }));
    const ids: number[] = [];
    for (let from = 0; from < campaigns.length; from += 500)
      ids.push(
        ...(
          await t.db
            .insertInto('campaigns')
            .values(campaigns.slice(from, from + 500))
            .returning('id')
            .execute()
        ).map((r) => r.id),
      );
    const byUpdated = (a: number, b: number) => {
      const [x, y] = [campaigns[ids.indexOf(a)]!, campaigns[ids.indexOf(b)]!];
      return x.updated_at < y.updated_at ? 1 : x.updated_at > y.updated_at ? -1 : b - a;
    };
    for (const [query, keep] of [
      ['', (c: (typeof campaigns)[number]) => c.deleted_at === null],
      ['&deleted=1', (c: (typeof campaigns)[number]) => c.deleted_at !== null],
      ['&status=live', (c: (typeof campaigns)[number]) => c.deleted_at === null && c.status === 'live'],
    ] as const)
      for (const day of ['2020-06-15', '2025-06-15']) {
        const expected = ids.filter(
          (_, i) => keep(campaigns[i]!) && campaigns[i]!.launch_date <= day && campaigns[i]!.end_date >= day,
        );
        const all = (await client.get(`/v1/campaigns/?date=${day}${query}&items-per-page=-1`)).json();
        const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
        expect(sorted(all.data.map((c: { id: number }) => c.id)), day + query).toEqual(sorted(expected));
        const newest = (
          await client.get(`/v1/campaigns/?date=${day}${query}&sort-by=updated_at&sort-order=desc&page=3`)
        ).json();
        expect(newest.meta.total, day + query).toBe(expected.length);
        expect(
          newest.data.map((c: { id: number }) => c.id),
          day + query,
        ).toEqual([...expected].sort(byUpdated).slice(50, 75));
      }
    expect(
      ids.filter((_, i) => campaigns[i]!.deleted_at === null && campaigns[i]!.launch_date === '2020-01-01')
        .length,
    ).toBeGreaterThan(SPARSE_MATCHES);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptStats } from '../../src/lib/kept-by-version';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { insertCampaigns, insertCreative } from '../rows';

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.injectAs(await t.createUser({ roles: ['admin'] }));
});
afterAll(() => t.close());

/** Every page of `url` (4 rows a page) to the end: the ids in the list's order, and its total. */
async function pageThrough(url: string, client = admin) {
  const ids: number[] = [];
  let total = -1;
  for (let page = 1; ; page++) {
    const res = await client.get(`${url}&items-per-page=4&page=${page}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    ids.push(...body.data.map((row: { id: number }) => row.id));
    total = body.meta.total;
    if (body.links.next === null) break;
  }
  return { ids, total };
}

/** Pages through `url` twice: right both times, and the second time read from what was kept. */
async function expectPaged(url: string, expected: number[], { fresh = true, client = admin } = {}) {
  const before = { ...keptStats };
  expect(await pageThrough(url, client)).toEqual({ ids: expected, total: expected.length });
  if (fresh) expect(keptStats.read, 'read after a write').toBeGreaterThan(before.read);
  const again = { ...keptStats };
  expect(await pageThrough(url, client)).toEqual({ ids: expected, total: expected.length });
  expect(keptStats.read - again.read, 'answered from what was kept').toBe(0);
}

const byName = (rows: { id: number; name: string }[], order: 'asc' | 'desc') =>
  [...rows]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id) * (order === 'asc' ? 1 : -1))
    .map((row) => row.id);

describe("a filtered list's order, kept until its rows are written", () => {
  // 40 matches, 4 a page: the pages past the first ids read (32) read more of them.
  it('pages a text filter to its end in both orders, and again after a write moves a row', async () => {
    const names = Array.from({ length: 40 }, (_, i) => `Ordered ${String((i * 7) % 40).padStart(2, '0')}`);
    const ids = await insertCampaigns(
      t.db,
      names.map((name) => ({ companyId: t.companyId, name })),
    );
    const rows = () =>
      t.db
        .selectFrom('campaigns')
        .select(['id', 'name'])
        .where('company_id', '=', t.companyId)
        .where('name', 'like', 'Ordered%')
        .where('deleted_at', 'is', null)
        .execute();
    for (const order of ['asc', 'desc'] as const)
      await expectPaged(
        `/v1/campaigns/?filter=ordered&sort-by=name&sort-order=${order}`,
        byName(await rows(), order),
      );

    // A rename moves a row from the start of the order to its end; a delete takes one out.
    await t.db.updateTable('campaigns').set({ name: 'Ordered 99' }).where('id', '=', ids[0]!).execute();
    await t.db.deleteFrom('campaigns').where('id', '=', ids[5]!).execute();
    for (const order of ['asc', 'desc'] as const)
      await expectPaged(
        `/v1/campaigns/?filter=ordered&sort-by=name&sort-order=${order}`,
        byName(await rows(), order),
      );
  });

  it('pages the campaigns running on a day, and again after a date changes', async () => {
    const ids = await insertCampaigns(
      t.db,
      Array.from({ length: 13 }, (_, i) => ({
        companyId: t.companyId,
        name: `Running ${String(i).padStart(2, '0')}`,
        launchDate: `2031-01-${String(i + 1).padStart(2, '0')}`,
      })),
    );
    const url = '/v1/campaigns/?date=2031-06-15&sort-by=launch_date';
    await expectPaged(`${url}&sort-order=asc`, ids);
    await expectPaged(`${url}&sort-order=desc`, [...ids].reverse());
    await t.db
      .updateTable('campaigns')
      .set({ launch_date: '2031-07-01' })
      .where('id', '=', ids[3]!)
      .execute();
    const left = ids.filter((id) => id !== ids[3]);
    await expectPaged(`${url}&sort-order=asc`, left);
    await expectPaged(`${url}&sort-order=desc`, [...left].reverse());
  });

  // Few running campaigns (a quarter of the company's at most): the page is sorted out of their
  // creatives; more: the list is narrowed to their creatives' ids, read under both tables' versions.
  it.each([
    ['few', 8],
    ['many', 0],
  ])(
    "pages creatives by their campaign's day (%s running), and again after only a campaign is written",
    async (_, undated) => {
      const companyId = await t.createCompany();
      const client = await t.injectAs(await t.createUser({ roles: ['admin'], companyId }));
      const [running, later] = await insertCampaigns(t.db, [
        { companyId, name: 'Day running', launchDate: '2032-01-01' },
        { companyId, name: 'Day later', launchDate: '2032-09-01' },
        ...Array.from({ length: undated }, (_, i) => ({ companyId, name: `Undated ${i}` })),
      ]);
      const creatives = async (campaignId: number, prefix: string) => {
        const made: { id: number; name: string }[] = [];
        for (let i = 0; i < 7; i++) {
          const name = `${prefix} ${i}`;
          made.push({ id: await insertCreative(t.db, { companyId, campaignId, name }), name });
        }
        return made;
      };
      const first = await creatives(running!, 'Daily a');
      const second = await creatives(later!, 'Daily b');
      const url = '/v1/creatives/?date=2032-06-15&sort-by=name';
      await expectPaged(`${url}&sort-order=asc`, byName(first, 'asc'), { client });
      await expectPaged(`${url}&sort-order=desc`, byName(first, 'desc'), { client });
      // Only the campaigns table is written: the kept creatives' order must not answer.
      await t.db
        .updateTable('campaigns')
        .set({ launch_date: '2032-02-01' })
        .where('id', '=', later!)
        .execute();
      await expectPaged(`${url}&sort-order=asc`, byName([...first, ...second], 'asc'), { client });
      await expectPaged(`${url}&sort-order=desc`, byName([...first, ...second], 'desc'), { client });
    },
  );
});

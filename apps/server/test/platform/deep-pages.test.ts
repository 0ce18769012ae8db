import { CAMPAIGN_SORTS, CREATIVE_SORTS, STATUSES } from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { insertCampaigns } from '../rows';

/**
 * Deep pages read ids first, and past the middle of the list walk it from the other end
 * (lib/list.ts). Whichever way a page is read, the pages together are the list in one order:
 * checked against the whole list on one page (`items-per-page=-1`, a walk from the start).
 */
let t: TestApp;
let client: Client;
const N = 1310; // past the offset where pages read ids first; the last page of 25 holds 10

beforeAll(async () => {
  t = await buildTestApp();
  const companyId = await t.createCompany('Deep');
  client = await t.injectAs(await t.createUser({ roles: ['admin'], companyId }));
  const day = (i: number) =>
    `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
  // Repeated names, statuses, dates and times, and empty dates: ties the id must break.
  const campaignIds = await insertCampaigns(
    t.db,
    Array.from({ length: N }, (_, i) => ({
      companyId,
      name: i % 2 ? `Deep ${i % 97} #${i}` : `deep ${i % 97} #${i}`,
      status: STATUSES[i % STATUSES.length]!,
      launchDate: i % 5 === 0 ? null : day(i),
      end_date: i % 3 === 0 ? null : day(i + 7).replace('2026', '2027'),
      updatedAt: new Date(Date.UTC(2026, 0, 1, 0, i % 400)).toISOString(),
    })),
  );
  await t.db
    .insertInto('creatives')
    .values(
      Array.from({ length: N }, (_, i) => {
        const at = new Date(Date.UTC(2026, 0, 1, 0, i % 300)).toISOString();
        return {
          company_id: companyId,
          campaign_id: campaignIds[i % 40]!,
          name: `Creative ${i % 89}`,
          width: [300, 728, 160][i % 3]!,
          height: [250, 90, 600][i % 3]!,
          status: STATUSES[i % STATUSES.length]!,
          created_at: at,
          updated_at: at,
        };
      }),
    )
    .execute();
});
afterAll(() => t.close());

async function ids(url: string): Promise<number[]> {
  const res = await client.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((row: { id: number }) => row.id);
}

const cases = [
  ...['campaigns', 'creatives'].flatMap((list) => [[list, ''] as const]),
  ...CAMPAIGN_SORTS.flatMap((by) =>
    (['asc', 'desc'] as const).map((order) => ['campaigns', `sort-by=${by}&sort-order=${order}`] as const),
  ),
  ...CREATIVE_SORTS.flatMap((by) =>
    (['asc', 'desc'] as const).map((order) => ['creatives', `sort-by=${by}&sort-order=${order}`] as const),
  ),
  ['campaigns', 'status=draft,live&sort-by=launch_date'] as const,
];

describe('deep pages', () => {
  it.each(cases)('of %s?%s are the whole list, in its order, from either end', async (list, query) => {
    const all = await ids(`/v1/${list}/?${query}&items-per-page=-1`);
    expect(all.length).toBeGreaterThan(100);
    const pages: number[] = [];
    for (let page = 1; page <= Math.ceil(all.length / 100); page++)
      pages.push(...(await ids(`/v1/${list}/?${query}&items-per-page=100&page=${page}`)));
    expect(pages).toEqual(all);

    const last = Math.ceil(all.length / 25);
    for (const page of [last - 1, last, last + 1]) {
      const res = (await client.get(`/v1/${list}/?${query}&page=${page}`)).json();
      expect(res.data.map((row: { id: number }) => row.id)).toEqual(all.slice((page - 1) * 25, page * 25));
      expect(res.meta).toMatchObject({ total: all.length, last_page: last });
      expect(res.links.next === null).toBe(page >= last);
    }
  });
});

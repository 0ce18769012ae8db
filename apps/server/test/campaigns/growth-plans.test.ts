import { CAMPAIGN_SORTS, type CampaignListQuery } from '@adstudio/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, engine, type TestApp } from '../helper';
import { insertCampaigns } from './fixtures';
import { listPlans } from './list-plans';

let t: TestApp;
let companyId: number;
/** The company's campaigns before and after it grows (the benchmark's growth mode goes 1k → 100k). */
const [SMALL, GROWN] = [1000, 20_000];

/** Inserts campaigns `from`…`to` of the company in multi-row statements, as a seed or an import does. */
async function add(from: number, to: number) {
  const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
  for (let start = from; start < to; start += 1000)
    await insertCampaigns(
      t.db,
      Array.from({ length: Math.min(1000, to - start) }, (_, k) => {
        const i = start + k;
        return {
          companyId,
          name: `Grown ${i}`,
          status: i % 5 === 0 ? ('live' as const) : ('draft' as const),
          launchDate: i % 7 === 0 ? null : day(i % 300),
          end_date: i % 11 === 0 ? null : day((i % 300) + (i % 90)),
          updatedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
          deleted: i % 13 === 0,
        };
      }),
    );
}

/** What the planner knows of campaigns: PostgreSQL's row estimate, SQLite's statistics. */
const statistics = async () =>
  engine === 'postgres'
    ? (
        await sql<{
          n: number;
        }>`select reltuples as n from pg_class where oid = 'campaigns'::regclass`.execute(t.db)
      ).rows
    : (
        await sql<{
          stat: string;
        }>`select idx, stat from sqlite_stat1 where tbl = 'campaigns' order by idx`.execute(t.db)
      ).rows;

beforeAll(async () => {
  t = await buildTestApp();
  companyId = await t.createCompany('Growing');
  await add(0, SMALL);
  // Statistics as a database in use has them at the small size; from then on nobody refreshes them
  // (autovacuum would, after a while: it is kept off here, the worst case).
  await sql`analyze campaigns`.execute(t.db);
  if (engine === 'postgres') await sql`alter table campaigns set (autovacuum_enabled = false)`.execute(t.db);
}, 60_000);
afterAll(() => t.close());

const plans = (query: CampaignListQuery) => listPlans(t.db, companyId, query);

/** The first pages the growth benchmark and the list view ask for most: each sort, statuses, deleted. */
const QUERIES: CampaignListQuery[] = [
  { page: 1, 'items-per-page': 25 },
  { page: 1, 'items-per-page': 100 },
  ...CAMPAIGN_SORTS.flatMap((by) =>
    (['asc', 'desc'] as const).map((order) => ({
      page: 1,
      'items-per-page': 25,
      'sort-by': by,
      'sort-order': order,
    })),
  ),
  { page: 1, 'items-per-page': 25, status: ['live'] },
  { page: 1, 'items-per-page': 25, deleted: true },
];

/** A step that sorts rows itself, or reads the whole table, instead of walking an index in order. */
const notWalked = engine === 'postgres' ? /\bSort\b|Seq Scan/ : /TEMP B-TREE|^SCAN campaigns/m;

describe(`campaign list plans as a company grows from ${SMALL} to ${GROWN} campaigns without ANALYZE`, () => {
  it('stay the same index walks', async () => {
    const before = [];
    for (const query of QUERIES) before.push(await plans(query));
    const known = await statistics();
    await add(SMALL, GROWN);
    expect(await statistics()).toEqual(known);
    for (const [i, query] of QUERIES.entries()) {
      const after = await plans(query);
      expect(after, JSON.stringify(query)).toEqual(before[i]);
      for (const plan of after) expect(plan, JSON.stringify(query)).not.toMatch(notWalked);
    }
  }, 120_000);
});

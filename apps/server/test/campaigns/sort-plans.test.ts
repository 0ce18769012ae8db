import { CAMPAIGN_SORTS, type CampaignListQuery } from '@adstudio/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, engine, type TestApp } from '../helper';
import { insertCampaigns } from './fixtures';
import { listPlans } from './list-plans';

let t: TestApp;
let companyId: number;
/** Per company; about 2,770 live, so page 60 of 25 is past the middle (lib/list.ts). */
const N = 3000;

beforeAll(async () => {
  t = await buildTestApp();
  companyId = await t.createCompany('Plans');
  const other = await t.createCompany('Other plans');
  const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
  for (const company of [companyId, other])
    await insertCampaigns(
      t.db,
      Array.from({ length: N }, (_, i) => ({
        companyId: company,
        name: `Plan ${company} ${i}`,
        launchDate: i % 7 === 0 ? null : day(i % 300),
        end_date: i % 11 === 0 ? null : day((i % 300) + (i % 90)),
        deleted: i % 13 === 0,
      })),
    );
  // The planners choose as they would on a database in use, with statistics.
  await sql`analyze campaigns`.execute(t.db);
}, 60_000);
afterAll(() => t.close());

const plans = (query: CampaignListQuery) => listPlans(t.db, companyId, query);

const walk =
  engine === 'postgres'
    ? /Index (Only )?Scan( Backward)? using (\w+) on campaigns/
    : /USING (COVERING )?INDEX (\w+)/;
/** A step that sorts rows itself, or reads the whole table, instead of walking an index in order. */
const notWalked = engine === 'postgres' ? /\bSort\b|Seq Scan/ : /TEMP B-TREE|^SCAN campaigns/m;

/**
 * Every sort of the list walks an index in its order — the first page reading rows, a deep one
 * (past the middle: walked from the other end) ids only — and never sorts the company's campaigns
 * itself. Duration walks the index per direction of migration 2026-11-28-1000.
 */
describe('campaign list plans', () => {
  it.each(CAMPAIGN_SORTS.flatMap((by) => (['asc', 'desc'] as const).map((order) => [by, order] as const)))(
    'sort-by=%s, %s, walks an index',
    async (by, order) => {
      for (const page of [1, 60]) {
        const [plan, ...more] = await plans({
          page,
          'items-per-page': 25,
          'sort-by': by,
          'sort-order': order,
        });
        expect(more).toEqual([]);
        expect(plan).toMatch(walk);
        expect(plan).not.toMatch(notWalked);
        const index = plan!.match(walk)!.at(-1);
        if (by === 'duration') expect(index).toBe(`campaigns_live_duration_${order}_idx`);
        else expect(index).toMatch(/^campaigns_live_/);
      }
    },
  );
});

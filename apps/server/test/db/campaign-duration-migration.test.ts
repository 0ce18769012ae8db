import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database';
import { migrateTo, schemaOf } from '../../src/db/migrate';
import { createCampaignsRepository } from '../../src/modules/campaigns/campaigns.repository';
import { createCompaniesRepository } from '../../src/modules/users/users.repository';
import { createTestDb } from '../helper';
import { insertCampaigns } from '../rows';

/** The migration before the one that adds campaigns' duration. */
const BEFORE = '2026-11-27-1300-unique-names';
/** This one, migrated to rather than to the latest: later migrations are not its test's business. */
const DURATION = '2026-11-28-1000-campaign-duration';
const UPDATED_AT = '2026-01-01T00:00:00.000Z';

let drop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await drop?.();
  drop = undefined;
});

/** Launch and end dates, and the whole days between them the web shows (null without both). */
const DATES: [string | null, string | null, number | null][] = [
  ['2026-01-01', '2026-01-31', 30],
  ['2026-05-05', '2026-05-05', 0],
  ['2028-02-10', '2028-03-21', 40],
  ['2026-12-31', '2027-12-31', 365],
  ['2026-03-28', '2026-03-30', 2],
  ['2026-07-01', '2026-07-31', 30],
  ['2026-02-01', null, null],
  [null, '2026-02-01', null],
  [null, null, null],
];

const durations = async (db: Db) =>
  (await db.selectFrom('campaigns').select(['id', 'duration']).orderBy('id').execute()).map(
    (row) => row.duration,
  );

describe('migration 2026-11-28-1000-campaign-duration', () => {
  it('gives the campaigns already there their duration, which the list then sorts by', async () => {
    const test = await createTestDb({ migrateTo: BEFORE });
    drop = test.drop;
    const { db, database } = test;
    const companyId = (await createCompaniesRepository(db).insert('Acme')).id;
    const ids = await insertCampaigns(
      db,
      DATES.map(([launchDate, end_date], i) => ({
        companyId,
        name: `Before ${i}`,
        launchDate,
        end_date,
        updatedAt: UPDATED_AT,
        deleted: i === 5,
      })),
    );

    expect(await migrateTo(db, DURATION, schemaOf(database))).toEqual([DURATION]);
    expect(await durations(db)).toEqual(DATES.map(([, , days]) => days));

    // Live ones by duration, empty last both ways, ties by id; the deleted one (index 5) left out.
    const live = ids.map((id, i) => ({ id, days: DATES[i]![2] })).filter((_, i) => i !== 5);
    const order = (sign: 1 | -1) =>
      [...live]
        .sort((a, b) =>
          a.days === null || b.days === null
            ? a.days === b.days
              ? sign * (a.id - b.id)
              : a.days === null
                ? 1
                : -1
            : sign * (a.days - b.days || a.id - b.id),
        )
        .map((row) => row.id);
    const campaigns = createCampaignsRepository(db);
    for (const [sortOrder, sign] of [
      ['asc', 1],
      ['desc', -1],
    ] as const) {
      const page = await campaigns.list(companyId, {
        page: 1,
        'items-per-page': -1,
        'sort-by': 'duration',
        'sort-order': sortOrder,
      });
      expect(page.data.map((row) => row.id)).toEqual(order(sign));
    }

    // Written after the migration: kept by the database, whoever writes.
    await db.updateTable('campaigns').set({ end_date: '2026-06-04' }).where('id', '=', ids[1]!).execute();
    await db.updateTable('campaigns').set({ launch_date: null }).where('id', '=', ids[0]!).execute();
    const after = await durations(db);
    expect([after[0], after[1]]).toEqual([null, 30]);
  });

  it('goes down and up again', async () => {
    const test = await createTestDb({ migrateTo: BEFORE });
    drop = test.drop;
    const { db, database } = test;
    const companyId = (await createCompaniesRepository(db).insert('Acme')).id;
    await insertCampaigns(db, [
      { companyId, name: 'Kept', launchDate: '2026-01-01', end_date: '2026-01-11', updatedAt: UPDATED_AT },
    ]);
    const schema = schemaOf(database);
    await migrateTo(db, DURATION, schema);
    expect(await migrateTo(db, BEFORE, schema)).toEqual([DURATION]);
    const { rows } = await sql<Record<string, unknown>>`select * from campaigns`.execute(db);
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]!)).not.toContain('duration');
    await migrateTo(db, DURATION, schema);
    expect(await durations(db)).toEqual([10]);
  });
});

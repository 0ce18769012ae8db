import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateTo, schemaOf } from '../../src/db/migrate';
import { createCompaniesRepository } from '../../src/modules/users/users.repository';
import { createTestDb } from '../helper';
import { insertProfile } from '../rows';

/** The migration before the one that keeps an issue's missing conditions. */
const BEFORE = '2026-12-06-1500-team';
/** This one, migrated to rather than to the latest: later migrations are not its test's business. */
const MISSING = '2026-12-07-1000-issue-missing-conditions';

let drop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await drop?.();
  drop = undefined;
});

const readColumn = (db: Parameters<typeof migrateTo>[0]) =>
  sql`select missing_conditions from profile_errors`.execute(db);

describe('migration 2026-12-07-1000-issue-missing-conditions', () => {
  it('adds the column (null on the issues there) and its index, goes down without them, and up again', async () => {
    const test = await createTestDb({ migrateTo: BEFORE });
    drop = test.drop;
    const { db, database } = test;
    const schema = schemaOf(database);
    const companyId = (await createCompaniesRepository(db).insert('Acme')).id;
    const profileId = await insertProfile(db, { companyId, name: 'Feed' });
    await sql`insert into profile_errors (company_id, profile_id, row, message, created_at)
      values (${companyId}, ${profileId}, 3, 'No condition is named "Rain".', '2026-12-06T10:00:00.000Z')`.execute(
      db,
    );
    await expect(readColumn(db)).rejects.toThrow();

    expect(await migrateTo(db, MISSING, schema)).toEqual([MISSING]);
    expect((await readColumn(db)).rows).toEqual([{ missing_conditions: null }]);

    expect(await migrateTo(db, BEFORE, schema)).toEqual([MISSING]);
    await expect(readColumn(db)).rejects.toThrow();

    expect(await migrateTo(db, MISSING, schema)).toEqual([MISSING]);
    expect((await readColumn(db)).rows).toEqual([{ missing_conditions: null }]);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest, schemaOf } from '../../src/db/migrate';
import { createCompaniesRepository } from '../../src/modules/users/users.repository';
import { createTestDb } from '../helper';
import { insertCampaigns } from '../rows';

/** The migration before the one that adds list_versions. */
const BEFORE = '2026-11-28-1000-campaign-duration';
const VERSIONS = '2026-11-28-1100-list-versions';

let drop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await drop?.();
  drop = undefined;
});

describe(`migration ${VERSIONS}`, () => {
  it('gives every company with rows a version, moves it on writes, and goes down and up again', async () => {
    const test = await createTestDb({ migrateTo: BEFORE });
    drop = test.drop;
    const { db, database } = test;
    const schema = schemaOf(database);
    const companyId = (await createCompaniesRepository(db).insert('Acme')).id;
    await insertCampaigns(db, [{ companyId, name: 'Before' }]);

    expect(await migrateTo(db, VERSIONS, schema)).toEqual([VERSIONS]);
    const version = async () =>
      (
        await db
          .selectFrom('list_versions')
          .select('v')
          .where('company_id', '=', companyId)
          .where('section', '=', 'campaigns')
          .executeTakeFirst()
      )?.v;
    const first = await version();
    expect(first).toBeDefined();
    await insertCampaigns(db, [{ companyId, name: 'After' }]);
    expect(await version()).not.toEqual(first);

    expect(await migrateTo(db, BEFORE, schema)).toEqual([VERSIONS]);
    // No trigger is left behind to write to the table that is gone.
    await insertCampaigns(db, [{ companyId, name: 'Down' }]);
    await db.updateTable('campaigns').set({ name: 'Down again' }).where('name', '=', 'Down').execute();
    await db.deleteFrom('campaigns').where('name', '=', 'Down again').execute();
    await migrateToLatest(db, schema);
    expect(await version()).toBeDefined();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../src/db/database';
import { migrateToLatest, schemaOf } from '../../src/db/migrate';
import { isUniqueViolation, violatedIndex } from '../../src/lib/db-errors';
import { createCompaniesRepository } from '../../src/modules/users/users.repository';
import { insertCondition } from '../conditions/fixtures';
import { insertDataSource } from '../data-sources/fixtures';
import { createTestDb } from '../helper';
import { insertMediaEntity } from '../media-entities/fixtures';
import { insertCampaign, insertCreative, insertProfile, insertTemplate } from '../rows';

/** The migration before the one that makes names unique indexes. */
const BEFORE = '2026-11-27-1200-package-files';
const UPDATED_AT = '2026-01-01T00:00:00.000Z';

let drop: (() => Promise<void>) | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await drop?.();
  drop = undefined;
});

const warnings = () => vi.spyOn(console, 'warn').mockImplementation(() => {});

type Named = 'campaigns' | 'creatives' | 'profiles' | 'profile_templates' | 'conditions' | 'data_sources';

const nameOf = async (db: Db, table: Named, id: number) =>
  (await db.selectFrom(table).select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;

/** A database at the migration before this one, with two companies. */
async function beforeTheMigration() {
  const test = await createTestDb({ migrateTo: BEFORE });
  drop = test.drop;
  const { db } = test;
  const companies = createCompaniesRepository(db);
  const acme = (await companies.insert('Acme')).id;
  const other = (await companies.insert('Other')).id;
  return { db, database: test.database, companies, acme, other };
}

describe('migration 2026-11-27-1300-unique-names', () => {
  it('renames later duplicates "X (2)", clears later duplicate domains, logs and audits each, then refuses new ones', async () => {
    const { db, database, companies, acme, other } = await beforeTheMigration();
    const campaign = (name: string, deleted = false, companyId = acme) =>
      insertCampaign(db, { companyId, name, deleted, updatedAt: UPDATED_AT });

    // Campaigns: the later duplicates of "Summer" skip names any row has, deleted ones included.
    const summer = await campaign('Summer');
    const deletedSummer = await campaign('summer', true);
    const upper = await campaign('SUMMER');
    const two = await campaign('Summer (2)');
    const lower = await campaign('summer');
    await campaign('Summer (4)', true);
    const theirs = await campaign('Summer', false, other);
    // Letters beyond ASCII fold alike on both engines; a long name keeps within 200 characters.
    const ete = await campaign('Été');
    const eteUpper = await campaign('ÉTÉ');
    const long = await campaign('L'.repeat(200));
    const longTwin = await campaign('l'.repeat(200));

    const creative = (campaignId: number, name: string) =>
      insertCreative(db, { companyId: acme, campaignId, name, updatedAt: UPDATED_AT });
    const banner = await creative(summer, 'Banner');
    const bannerTwin = await creative(summer, 'BANNER');
    const elsewhere = await creative(two, 'Banner');

    const feed = await insertProfile(db, { companyId: acme, name: 'Feed', updatedAt: UPDATED_AT });
    const feedTwin = await insertProfile(db, { companyId: acme, name: 'feed', updatedAt: UPDATED_AT });
    const retail = await insertTemplate(db, { companyId: acme, name: 'Retail', updatedAt: UPDATED_AT });
    const retailTwin = await insertTemplate(db, { companyId: acme, name: 'Retail', updatedAt: UPDATED_AT });
    const weekend = await insertCondition(db, { companyId: acme, name: 'Weekend' });
    const weekendTwin = await insertCondition(db, { companyId: acme, name: 'weekend' });
    const weather = await insertDataSource(db, { companyId: acme, name: 'Weather' });
    const weatherTwin = await insertDataSource(db, { companyId: acme, name: 'WEATHER' });

    const publisher = (name: string, domain: string | null, deleted = false) =>
      insertMediaEntity(db, { companyId: acme, name, domain, deleted });
    const herald = await publisher('Herald', 'herald.example');
    const heraldTwin = await publisher('Herald Two', 'HERALD.example');
    const heraldGone = await publisher('Herald gone', 'herald.example', true);
    const none = [await publisher('No domain', null), await publisher('No domain either', null)];
    const blank = [await publisher('Blank', ''), await publisher('Blank too', ' ')];

    const warn = warnings();
    await migrateToLatest(db, schemaOf(database));

    const renamed: [Named, number, string][] = [
      ['campaigns', summer, 'Summer'],
      ['campaigns', deletedSummer, 'summer'],
      ['campaigns', upper, 'SUMMER (3)'],
      ['campaigns', two, 'Summer (2)'],
      ['campaigns', lower, 'summer (5)'],
      ['campaigns', theirs, 'Summer'],
      ['campaigns', ete, 'Été'],
      ['campaigns', eteUpper, 'ÉTÉ (2)'],
      ['campaigns', long, 'L'.repeat(200)],
      ['campaigns', longTwin, `${'l'.repeat(196)} (2)`],
      ['creatives', banner, 'Banner'],
      ['creatives', bannerTwin, 'BANNER (2)'],
      ['creatives', elsewhere, 'Banner'],
      ['profiles', feed, 'Feed'],
      ['profiles', feedTwin, 'feed (2)'],
      ['profile_templates', retail, 'Retail'],
      ['profile_templates', retailTwin, 'Retail (2)'],
      ['conditions', weekend, 'Weekend'],
      ['conditions', weekendTwin, 'weekend (2)'],
      ['data_sources', weather, 'Weather'],
      ['data_sources', weatherTwin, 'WEATHER (2)'],
    ];
    for (const [table, id, name] of renamed)
      expect(`${table} ${id}: ${await nameOf(db, table, id)}`).toBe(`${table} ${id}: ${name}`);

    const domains = await db.selectFrom('media_entities').select(['id', 'domain']).orderBy('id').execute();
    expect(Object.fromEntries(domains.map((row) => [row.id, row.domain]))).toEqual({
      [herald]: 'herald.example',
      [heraldTwin]: null,
      [heraldGone]: 'herald.example',
      [none[0]!]: null,
      [none[1]!]: null,
      [blank[0]!]: null,
      [blank[1]!]: null,
    });

    // One line per change, naming the row, the old and the new value and the row that kept it.
    const lines = warn.mock.calls.map((call) => String(call[0]));
    expect(lines).toHaveLength(10);
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `campaigns ${upper} renamed from "SUMMER" to "SUMMER \\(3\\)"; campaigns ${summer} has that name`,
        ),
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `media_entities ${heraldTwin} lost its domain "HERALD.example"; media_entities ${herald} has`,
        ),
      ),
    );

    // Each change is a new version, in the history without a user (templates keep none).
    const audit = await db
      .selectFrom('audit_log')
      .select(['entity_type', 'entity_id', 'user_id', 'action', 'changes'])
      .orderBy('id')
      .execute();
    expect(audit).toHaveLength(9);
    expect(audit).toContainEqual({
      entity_type: 'campaign',
      entity_id: upper,
      user_id: null,
      action: 'updated',
      changes: JSON.stringify({ name: ['SUMMER', 'SUMMER (3)'] }),
    });
    expect(audit).toContainEqual({
      entity_type: 'media_entity',
      entity_id: heraldTwin,
      user_id: null,
      action: 'updated',
      changes: JSON.stringify({ domain: ['HERALD.example', null] }),
    });
    const versions = await db.selectFrom('campaigns').select(['id', 'updated_at']).execute();
    for (const row of versions) {
      if (row.id === upper) expect(row.updated_at > UPDATED_AT).toBe(true);
      if (row.id === summer) expect(row.updated_at).toBe(UPDATED_AT);
    }

    // From now on the indexes refuse a duplicate whatever writes it, and say which rule it broke.
    const refusal = async (write: Promise<unknown>) => {
      const error = await write.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isUniqueViolation(error), String(error)).toBe(true);
      return violatedIndex(error);
    };
    expect(await refusal(campaign('sUmMeR'))).toBe('campaigns_live_name_key');
    expect(await refusal(creative(summer, 'banner'))).toBe('creatives_live_name_key');
    expect(await refusal(insertProfile(db, { companyId: acme, name: 'FEED' }))).toBe(
      'profiles_live_name_key',
    );
    expect(await refusal(insertTemplate(db, { companyId: acme, name: 'retail' }))).toBe(
      'profile_templates_live_name_key',
    );
    expect(await refusal(insertCondition(db, { companyId: acme, name: 'WEEKEND' }))).toBe(
      'conditions_live_name_key',
    );
    expect(await refusal(insertDataSource(db, { companyId: acme, name: 'weather' }))).toBe(
      'data_sources_live_name_key',
    );
    expect(await refusal(publisher('HERALD', null))).toBe('media_entities_live_name_key');
    expect(await refusal(publisher('Herald Three', 'Herald.Example'))).toBe('media_entities_live_domain_key');
    // Deleted rows, other scopes and publishers without a domain stay free.
    await campaign('Summer', true);
    await campaign('SUMMER', false, (await companies.insert('Third')).id);
    await creative(two, 'BANNER (2)');
    await publisher('Herald', null, true);
    await publisher('Yet another without', null);
  });

  it('logs nothing and changes nothing when no two live rows share a name or domain', async () => {
    const { db, database, acme, other } = await beforeTheMigration();
    await insertCampaign(db, { companyId: acme, name: 'Summer', updatedAt: UPDATED_AT });
    await insertCampaign(db, { companyId: acme, name: 'summer', deleted: true, updatedAt: UPDATED_AT });
    await insertCampaign(db, { companyId: other, name: 'SUMMER', updatedAt: UPDATED_AT });
    await insertMediaEntity(db, { companyId: acme, name: 'A', domain: 'a.example' });
    await insertMediaEntity(db, { companyId: other, name: 'B', domain: 'a.example' });
    const warn = warnings();
    await migrateToLatest(db, schemaOf(database));
    expect(warn).not.toHaveBeenCalled();
    expect(await db.selectFrom('audit_log').select('id').execute()).toEqual([]);
    const rows = await db.selectFrom('campaigns').select(['name', 'updated_at']).orderBy('id').execute();
    expect(rows).toEqual(['Summer', 'summer', 'SUMMER'].map((name) => ({ name, updated_at: UPDATED_AT })));
  });
});

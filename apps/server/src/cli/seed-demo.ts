import { PERMISSIONS } from '@adstudio/contract';
import { sql } from 'kysely';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { isPostgres } from '../lib/indexed-filter';
import { hashPassword } from '../lib/passwords';
import { randomToken } from '../lib/tokens';
import { seedApprovals } from '../modules/approvals';
import { seedAssets } from '../modules/assets';
import { seedCampaigns } from '../modules/campaigns';
import { seedConditions } from '../modules/conditions';
import { seedCreatives, seedFallbacks } from '../modules/creatives';
import { seedFeedCreatives } from '../modules/dynamic-code';
import { seedPackages } from '../modules/packages';
import { seedDemoFeeds, seedProfiles } from '../modules/profiles';
import { seedStats } from '../modules/tracking';
import { createCompaniesRepository, createUsersRepository } from '../modules/users';
import type { ObjectStore } from '../storage/object-store';
import { objectStoreFor } from '../storage/stores';

export interface PrepareResult {
  /** Set only when a random admin password was generated now: print it once. */
  adminPassword?: string;
  demoUsers: string[];
}

/**
 * First start: creates the company and admin, and demo data unless SEED=false. Later starts: nothing.
 * Instances starting together on one empty PostgreSQL database take turns (an advisory lock), so
 * one prepares it and the others find it prepared.
 */
export async function prepareDatabase(
  db: Db,
  config: Pick<Config, 'admin' | 'seed' | 'storage' | 'appUrl'>,
): Promise<PrepareResult> {
  const users = createUsersRepository(db);
  if ((await users.count()) > 0) return { demoUsers: [] };

  const password = config.admin.password ?? randomToken(12);
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    if (isPostgres(db)) {
      await sql`select pg_advisory_xact_lock(hashtext('adstudio.prepare-database'))`.execute(trx);
      if ((await createUsersRepository(trx).count()) > 0) return { demoUsers: [] };
    }
    const company = await createCompaniesRepository(trx).insert(
      config.seed ? 'Northwind Media' : 'My company',
    );
    const admin = await createUsersRepository(trx).insert({
      company_id: company.id,
      name: 'Admin',
      email: config.admin.email,
      password_hash: passwordHash,
      roles: JSON.stringify(['admin']),
      permissions: JSON.stringify([...PERMISSIONS.filter((p) => p !== 'qa')]),
    });
    const demoUsers: string[] = [];
    if (config.seed) {
      for (const demo of DEMO_USERS) {
        await createUsersRepository(trx).insert({
          company_id: company.id,
          name: demo.name,
          email: demo.email,
          password_hash: passwordHash,
          roles: '[]',
          permissions: JSON.stringify(demo.permissions),
        });
        demoUsers.push(demo.email);
      }
      await seedDemoData(trx, company.id, admin.id, objectStoreFor(config.storage), config.appUrl);
    }
    return { adminPassword: config.admin.password ? undefined : password, demoUsers };
  });
}

const DEMO_USERS = [
  {
    name: 'Erin Editor',
    email: 'editor@example.com',
    permissions: ['edit campaigns', 'edit creatives', 'edit assets'],
  },
  { name: 'Quinn QA', email: 'qa@example.com', permissions: ['qa'] },
];

/**
 * A realistic company: each area seeds its own rows (campaigns in every status with creatives and
 * their image assets on `disk`, feeds whose rows name conditions, conditions, publishers).
 */
export async function seedDemoData(
  db: Db,
  companyId: number,
  userId: number,
  disk: ObjectStore,
  /** APP_URL: the demo weather data source reads the app's own demo endpoint. */
  appUrl: string,
): Promise<void> {
  const conditionIds = await seedConditions(db, companyId, appUrl);
  const campaigns = await seedCampaigns(db, companyId, userId);
  const profileIds = await seedProfiles(
    db,
    companyId,
    campaigns.slice(0, 5).map((c) => c.advertiser),
    conditionIds,
  );
  const feedIds = await seedDemoFeeds(db, disk, companyId, userId);
  const creatives = await seedCreatives(db, companyId, userId, campaigns, [...feedIds, ...profileIds]);
  await seedFeedCreatives(db, companyId, feedIds);
  // The first creative of the first six campaigns has a publisher's verdict.
  const firsts = campaigns
    .slice(0, 6)
    .map((c) => creatives.find((creative) => creative.campaignId === c.id)!);
  await seedApprovals(db, companyId, firsts);
  const fallbacks = await seedAssets(db, disk, { companyId, userId }, creatives);
  await seedFallbacks(db, fallbacks);
  await seedPackages(db, disk, { companyId, userId }, creatives);
  await seedStats(db, companyId);
}

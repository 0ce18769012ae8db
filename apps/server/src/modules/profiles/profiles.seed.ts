import type { RuleFilter } from '@adstudio/contract';
import type { Db, Executor } from '../../db/database';
import { FEED_LIMITS } from '../../feeds/feed-table';
import type { TemplateColumn } from '../../feeds/validate-rows';
import { parseJson } from '../../lib/json';
import { nowIso } from '../../lib/time';
import { randomToken } from '../../lib/tokens';
import type { ObjectStore } from '../../storage/object-store';
import { liveConditionNames, rewriteConditionUses } from '../conditions';
import { seedTemplate } from '../templates';
import { DEMO_FEEDS } from './demo-feeds';
import { openFeed } from './feed-source';
import { createProfileRulesRepository } from './profile-rules.repository';
import { createProfileStagingRepository } from './profile-staging.repository';
import { createProfileSync } from './profile-sync';
import { createProfileSyncsRepository } from './profile-syncs.repository';
import { createProfilesRepository } from './profiles.repository';

// Demo rows go straight into the tables, as a migration's data would, inside cli/seed-demo.ts's transaction.

const NO_REMOTE_FEEDS = {
  sheetsExportUrl: '',
  sheetsApiUrl: '',
  tokenUrl: undefined,
  credentialsFile: undefined,
  allowHosts: [],
  maxBytes: FEED_LIMITS.bytes,
};

const FAILED = 'Google Sheets did not answer. Try again.';

/**
 * Demo feeds (synced, new, failed) of a retail template, each with the history its state implies;
 * answers the profiles' ids.
 */
export async function seedProfiles(
  db: Executor,
  companyId: number,
  names: readonly string[],
  conditionIds: readonly number[],
): Promise<number[]> {
  const now = nowIso();
  const stamps = { created_at: now, updated_at: now };
  const templateId = await seedTemplate(db, companyId, {
    name: 'Retail product feed',
    columns: [
      { name: 'key', type: 'text', required: true },
      { name: 'headline', type: 'text', required: true },
      { name: 'price', type: 'number', required: false },
      { name: 'image_url', type: 'url', required: false },
      { name: 'landing_url', type: 'url', required: true },
    ],
  });

  const profileStatuses = ['synced', 'synced', 'new', 'failed', 'synced'] as const;
  const profileIds: number[] = [];
  for (const [i, status] of profileStatuses.entries()) {
    const gsheetId = `1${randomToken(21).replace(/[-_]/g, 'x')}`;
    const profile = await db
      .insertInto('profiles')
      .values({
        company_id: companyId,
        template_id: templateId,
        name: `${names[i % names.length]} product feed`,
        url: `https://docs.google.com/spreadsheets/d/${gsheetId}/edit`,
        gsheet_id: gsheetId,
        ranges: JSON.stringify(['Sheet1!A1:E200']),
        status,
        synced_at: status === 'synced' ? now : null,
        ...(status === 'synced'
          ? {
              columns: JSON.stringify(['Unique_ID', 'Reporting_Label', 'headline', 'price', 'landing_url']),
              rows_total: 8,
              rows_processed: 8,
              rows_active: 8,
              rules_live: 8,
            }
          : {}),
        ...(status === 'failed' ? { sync_error: FAILED } : {}),
        ...stamps,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    profileIds.push(profile.id);
    if (status === 'new') continue;
    // Its first sync, as History lists it: the figures the profile shows, or why it failed.
    const sync = await db
      .insertInto('profile_syncs')
      .values({
        company_id: companyId,
        profile_id: profile.id,
        trigger: 'create',
        status,
        started_at: now,
        finished_at: now,
        ...(status === 'synced' ? { rows_total: 8, rows_active: 8, rows_added: 8 } : { error: FAILED }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('profiles').set({ sync_id: sync.id }).where('id', '=', profile.id).execute();
    if (status === 'synced') {
      await db
        .insertInto('profile_rules')
        .values(
          Array.from({ length: 8 }, (_, row) => ({
            company_id: companyId,
            profile_id: profile.id,
            position: row + 1,
            unique_id: `sku-${1000 + row}`,
            reporting_label: `Offer ${row + 1}`,
            condition_ids: JSON.stringify(row % 3 === 0 ? [conditionIds[row % conditionIds.length]] : []),
            data: JSON.stringify({
              Unique_ID: `sku-${1000 + row}`,
              Reporting_Label: `Offer ${row + 1}`,
              headline: `Offer ${row + 1}`,
              price: (19.99 + row * 5).toFixed(2),
              landing_url: `https://shop.example.com/p/${1000 + row}`,
            }),
            ...stamps,
          })),
        )
        .execute();
      await rewriteConditionUses(db, companyId, profile.id);
    } else {
      // A failed sync's one issue is its failure (profile-sync.ts).
      await db
        .insertInto('profile_errors')
        .values({
          company_id: companyId,
          profile_id: profile.id,
          sync_id: sync.id,
          message: FAILED,
          severity: 'error',
          created_at: now,
        })
        .execute();
    }
  }

  return profileIds;
}

/**
 * The demo feeds (demo-feeds.ts), stored as uploaded files and synced by the real sync, each with
 * its template. Answers the profiles' ids, the retail feed first.
 */
export async function seedDemoFeeds(
  db: Db,
  disk: ObjectStore,
  companyId: number,
  userId: number,
): Promise<number[]> {
  const profiles = createProfilesRepository(db);
  const syncs = createProfileSyncsRepository(db);
  /** The demo templates' columns, by id: the feeds are checked against what was just written. */
  const templates = new Map<number, TemplateColumn[]>();
  const sync = createProfileSync({
    db,
    profiles,
    syncs,
    staging: createProfileStagingRepository(db),
    // In the seed's transaction, as every write of the seed.
    liveConditions: (companyId) => liveConditionNames(db, companyId),
    templateColumns: async (_companyId, id) => templates.get(id),
    // Uploaded files need no Google or network settings.
    open: (profile) => openFeed(profile, NO_REMOTE_FEEDS, disk.localFile),
  });
  const ids: number[] = [];
  for (const feed of DEMO_FEEDS) {
    const now = nowIso();
    const key = `feeds/demo/${feed.fileName}`;
    await disk.writeBytes(key, Buffer.from(feed.text));
    const templateId = await seedTemplate(db, companyId, feed.template);
    templates.set(templateId, feed.template.columns);
    const profile = await profiles.insert({
      company_id: companyId,
      name: feed.name,
      source: 'upload',
      file_key: key,
      file_name: feed.fileName,
      ranges: '[]',
      template_id: templateId,
      schedule: null,
      status: 'new',
      synced_at: null,
      created_at: now,
      updated_at: now,
    });
    const syncRow = await syncs.insertSync({
      company_id: companyId,
      profile_id: profile.id,
      trigger: 'create',
      user_id: userId,
      started_at: now,
    });
    await syncs.claimSync(profile.id, syncRow.id, db);
    await sync.run(syncRow.id);
    ids.push(profile.id);
  }
  return ids;
}

/**
 * Ids of the active rules a creative serves of a feed (its rule filter as stored), feed order: what
 * the demo stats spread a creative's figures over.
 */
export const seedServedRuleIds = (db: Db, profileId: number, ruleFilter: string | null) =>
  createProfileRulesRepository(db).ruleIds(profileId, parseJson<RuleFilter | null>(ruleFilter, null));

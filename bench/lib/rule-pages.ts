import { ProfileRuleListQuerySchema } from '@adstudio/contract';
import type { Db } from '@adstudio/server/src/db/database';
import { createProfileRulesRepository } from '@adstudio/server/src/modules/profiles/profile-rules.repository';
import { createProfileSyncsRepository } from '@adstudio/server/src/modules/profiles/profile-syncs.repository';
import { createProfilesRepository } from '@adstudio/server/src/modules/profiles/profiles.repository';
import { ruleListsSettled } from '@adstudio/server/src/modules/profiles/rule-list-index';
import { percentile, sampleMs } from './stats';

/**
 * What a page or report took: the first time it was asked (ms; a large feed's list starts to be
 * kept then, the database answering meanwhile, and is kept `keptAfter` ms after that answer), its
 * median and p99 after, and the rows it answered.
 */
export interface Timed {
  label: string;
  first: number;
  keptAfter: number;
  p50: number;
  p99: number;
  rows: number;
}

/** The first call's ms, the wait for what it started to keep, then the samples of later calls. */
async function timed(once: () => Promise<unknown>) {
  const started = performance.now();
  await once();
  const answered = performance.now();
  await ruleListsSettled();
  const kept = performance.now();
  const samples = await sampleMs(once);
  return {
    first: answered - started,
    keptAfter: kept - answered,
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
  };
}

/**
 * The reads a user makes of a synced profile, each timed through its repository (the SQL and its
 * rows, not the HTTP stack): its rules list at the first, middle and last page of the sorts, filtered
 * pages (a few matches, many), and the error report.
 */
export async function timeRuleReads(db: Db, companyId: number, profileId: number): Promise<Timed[]> {
  const profile = await createProfilesRepository(db).findAnyById(profileId);
  if (!profile) throw new Error(`no profile ${profileId}`);
  const rules = createProfileRulesRepository(db);
  const syncs = createProfileSyncsRepository(db);
  const perPage = 25;
  const last = String(Math.max(1, Math.ceil(profile.rules_live / perPage)));
  // The middle of the list (offset ~350,000 of 700,000): the deepest walk from either end.
  const middle = String(Math.max(1, Math.ceil(profile.rules_live / perPage / 2)));
  const byLabel = { 'sort-by': 'reporting_label', 'sort-order': 'desc' };
  const pages: [string, Record<string, string>][] = [
    ['rules, feed order, page 1', {}],
    [`rules, feed order, page ${last}`, { page: last }],
    ['rules by Unique_ID, page 1', { 'sort-by': 'unique_id' }],
    [`rules by Unique_ID, page ${last}`, { 'sort-by': 'unique_id', page: last }],
    [`rules by Unique_ID, page ${middle}`, { 'sort-by': 'unique_id', page: middle }],
    ['rules by label, desc, page 1', byLabel],
    [`rules by label, desc, page ${last}`, { ...byLabel, page: last }],
    [`rules by label, desc, page ${middle}`, { ...byLabel, page: middle }],
    ['rules filtered (SKU-00001)', { filter: 'SKU-00001' }],
    // A text in about one label in eight: more matches than the cap, so each walked rule is tested.
    ['rules filtered (shoes), by label', { filter: 'shoes', 'sort-by': 'reporting_label' }],
  ];
  const reads: Timed[] = [];
  for (const [label, params] of pages) {
    const query = ProfileRuleListQuerySchema.parse({ 'items-per-page': String(perPage), ...params });
    let rows = 0;
    const took = await timed(async () => {
      rows = (await rules.rules(profile, query)).data.length;
    });
    reads.push({ label, ...took, rows });
  }
  let issues = 0;
  const took = await timed(async () => {
    issues = (await syncs.issues(companyId, profileId, {})).length;
  });
  reads.push({ label: 'error report', ...took, rows: issues });
  return reads;
}

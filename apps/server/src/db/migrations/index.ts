import type { Migration } from 'kysely';
import * as initial from './2026-11-21-0001-initial';
import * as searchNameIndexes from './2026-11-21-0520-search-name-indexes';
import * as liveListIndexes from './2026-11-21-0540-live-list-indexes';
import * as dashboardIndexes from './2026-11-21-0600-dashboard-indexes';
import * as uploadReceivedAt from './2026-11-21-0900-upload-received-at';
import * as creativeFields from './2026-11-21-1000-creative-fields';
import * as itemCounts from './2026-11-21-1100-item-counts';
import * as textSearch from './2026-11-21-1110-text-search';
import * as sortIndexes from './2026-11-21-1120-sort-indexes';
import * as campaignDays from './2026-11-21-1130-campaign-days';
import * as assets from './2026-11-21-1200-assets';
import * as previewLinks from './2026-11-21-1210-preview-links';
import * as jobs from './2026-11-21-1220-jobs';
import * as packageFindings from './2026-11-21-1230-packages';
import * as dynamicCode from './2026-11-21-1240-dynamic-code';
import * as profileFeeds from './2026-11-21-1300-profile-feeds';
import * as processingAssets from './2026-11-22-0900-processing-assets';
import * as conditions from './2026-11-22-1000-conditions';
import * as unloggedSyncRows from './2026-11-22-1100-unlogged-sync-rows';
import * as stats from './2026-11-23-1000-stats';
import * as tokenViews from './2026-11-23-1100-token-views';
import * as approvalDecisions from './2026-11-24-1000-approval-decisions';
import * as campaignSort from './2026-11-25-1000-campaign-sort';
import * as postgresTextTables from './2026-11-26-1000-postgres-text-tables';
import * as packageFiles from './2026-11-27-1200-package-files';
import * as uniqueNames from './2026-11-27-1300-unique-names';
import * as campaignDuration from './2026-11-28-1000-campaign-duration';
import * as listVersions from './2026-11-28-1100-list-versions';
import * as adTags from './2026-11-28-1200-ad-tags';
import * as tagStats from './2026-11-28-1300-tag-stats';
import * as servingChanges from './2026-12-01-1000-serving-changes';
import * as accessTokens from './2026-12-01-1100-access-tokens';
import * as webhooks from './2026-12-01-1200-webhooks';
import * as tagAdServers from './2026-12-02-1000-tag-ad-servers';
import * as outboxCursors from './2026-12-06-1400-outbox-cursors';
import * as team from './2026-12-06-1500-team';
import * as issueMissingConditions from './2026-12-07-1000-issue-missing-conditions';
import * as qaRuns from './2026-12-07-1100-qa-runs';
import * as rotationConversions from './2026-12-07-1200-rotation-conversions';
import * as servingChangeLog from './2026-12-07-1400-serving-change-log';
import * as rateLimitHits from './2026-12-07-1500-rate-limit-hits';
import * as ruleListIndexes from './2026-12-07-1610-rule-list-indexes';
import * as ruleRevisions from './2026-12-07-1620-rule-revisions';

/** Every migration, by name in the order they run. Listed statically so the bundled server carries them. */
export const migrations: Record<string, Migration> = {
  '2026-11-21-0001-initial': initial,
  '2026-11-21-0520-search-name-indexes': searchNameIndexes,
  '2026-11-21-0540-live-list-indexes': liveListIndexes,
  '2026-11-21-0600-dashboard-indexes': dashboardIndexes,
  '2026-11-21-0900-upload-received-at': uploadReceivedAt,
  '2026-11-21-1000-creative-fields': creativeFields,
  '2026-11-21-1100-item-counts': itemCounts,
  '2026-11-21-1110-text-search': textSearch,
  '2026-11-21-1120-sort-indexes': sortIndexes,
  '2026-11-21-1130-campaign-days': campaignDays,
  '2026-11-21-1200-assets': assets,
  '2026-11-21-1210-preview-links': previewLinks,
  '2026-11-21-1220-jobs': jobs,
  '2026-11-21-1230-packages': packageFindings,
  '2026-11-21-1240-dynamic-code': dynamicCode,
  '2026-11-21-1300-profile-feeds': profileFeeds,
  '2026-11-22-0900-processing-assets': processingAssets,
  '2026-11-22-1000-conditions': conditions,
  '2026-11-22-1100-unlogged-sync-rows': unloggedSyncRows,
  '2026-11-23-1000-stats': stats,
  '2026-11-23-1100-token-views': tokenViews,
  '2026-11-24-1000-approval-decisions': approvalDecisions,
  '2026-11-25-1000-campaign-sort': campaignSort,
  '2026-11-26-1000-postgres-text-tables': postgresTextTables,
  '2026-11-27-1200-package-files': packageFiles,
  '2026-11-27-1300-unique-names': uniqueNames,
  '2026-11-28-1000-campaign-duration': campaignDuration,
  '2026-11-28-1100-list-versions': listVersions,
  '2026-11-28-1200-ad-tags': adTags,
  '2026-11-28-1300-tag-stats': tagStats,
  '2026-12-01-1000-serving-changes': servingChanges,
  '2026-12-01-1100-access-tokens': accessTokens,
  '2026-12-01-1200-webhooks': webhooks,
  '2026-12-02-1000-tag-ad-servers': tagAdServers,
  '2026-12-06-1400-outbox-cursors': outboxCursors,
  '2026-12-06-1500-team': team,
  '2026-12-07-1000-issue-missing-conditions': issueMissingConditions,
  '2026-12-07-1100-qa-runs': qaRuns,
  '2026-12-07-1200-rotation-conversions': rotationConversions,
  '2026-12-07-1400-serving-change-log': servingChangeLog,
  '2026-12-07-1500-rate-limit-hits': rateLimitHits,
  '2026-12-07-1610-rule-list-indexes': ruleListIndexes,
  '2026-12-07-1620-rule-revisions': ruleRevisions,
};

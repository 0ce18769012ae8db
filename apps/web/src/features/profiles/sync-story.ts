import type { Profile } from '@adstudio/contract';
import { formatDateTime } from '../../lib/format';
import { issueFigures } from './profile-format';

/**
 * What a profile's links and errors page say of its issues, from its status: one story with its
 * status chip, figures and History. The figures and issues are those of the last sync
 * that read the feed whole; a failed sync keeps them and adds its failure, an error of no row.
 */
type Story = Pick<Profile, 'status' | 'synced_at' | 'rows_with_errors' | 'warnings_total'>;

const hasIssues = (profile: Story) => profile.rows_with_errors + profile.warnings_total > 0;

/** The errors link's words: never "No errors" beside a failed sync or one that never ran. */
export function issuesLinkText(profile: Story): string {
  if (profile.status === 'new' || (profile.status === 'syncing' && !profile.synced_at))
    return 'Not synced yet';
  if (profile.status === 'failed') return `Sync failed · ${issueFigures(profile)}`;
  return hasIssues(profile) ? issueFigures(profile) : 'No errors';
}

/** Whether the errors link shows as an error. */
export const issuesLinkIsError = (profile: Story): boolean =>
  profile.status === 'failed' || profile.rows_with_errors > 0;

/** The errors page's line under its title: which sync the issues are of. */
export function errorsPageSubtitle(profile: Story): string {
  const figures = issueFigures(profile);
  const since = profile.synced_at ? ` ${formatDateTime(profile.synced_at)}` : '';
  switch (profile.status) {
    case 'new':
      return 'The feed has not synced yet.';
    case 'syncing':
      return profile.synced_at
        ? `A sync is running. Last sync${since}: ${figures}`
        : 'The first sync is running.';
    case 'failed':
      return profile.synced_at
        ? `The last sync failed. The rules in place are from the sync of${since}: ${figures}`
        : 'The first sync failed: the feed has no rules yet.';
    case 'needs_confirmation':
      return `The last sync waits for your confirmation: ${figures}`;
    default:
      return `Last sync${since}: ${figures}`;
  }
}

/** The errors page's words when it lists nothing. */
export function noIssuesText(profile: Story, filtered: boolean): string {
  if (filtered) return 'No issues match these filters.';
  if (profile.status === 'new') return 'No sync has run yet.';
  if (profile.status === 'syncing' && !profile.synced_at) return 'The first sync is running.';
  return 'The last sync found no errors or warnings.';
}

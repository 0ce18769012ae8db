import type { Profile } from '@adstudio/contract';
import { formatCount, formatCounted, formatDateTime } from '../../lib/format';
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

/** "1 of 2 rows rejected": the feed's rows the last sync kept out. */
export const rejectedText = (profile: Pick<Profile, 'rows_with_errors' | 'rows_total'>): string =>
  `${formatCount(profile.rows_with_errors)} of ${formatCounted(profile.rows_total, 'row')} rejected`;

/** Whether the last sync's result is one to warn of: it synced, leaving rows out. */
export const rejectedRows = (profile: Pick<Profile, 'status' | 'rows_with_errors'>): boolean =>
  profile.status === 'synced' && profile.rows_with_errors > 0;

/**
 * The re-sync's offer on the profile: "2 rejected rows name conditions that now exist: sync now to
 * add them." (to whoever may sync; to others, what a sync would do).
 */
export function fixableOffer(fixable: number, canSync: boolean): string {
  const rows =
    fixable === 1
      ? '1 rejected row names conditions that now exist'
      : `${formatCount(fixable)} rejected rows name conditions that now exist`;
  const them = fixable === 1 ? 'it' : 'them';
  return canSync ? `${rows}: sync now to add ${them}.` : `${rows}: a sync adds ${them}.`;
}

/** What the errors page says of the rows a sync would now take in (marked in its table). */
export const fixableIssuesText = (fixable: number): string =>
  fixable === 1
    ? 'A sync now adds 1 of these rows: the conditions it names exist now. It is marked below.'
    : `A sync now adds ${formatCount(fixable)} of these rows: the conditions they name exist now. They are marked below.`;

import type { Profile } from '@adstudio/contract';
import { describe, expect, it } from 'vitest';
import {
  errorsPageSubtitle,
  fixableIssuesText,
  fixableOffer,
  issuesLinkIsError,
  issuesLinkText,
  noIssuesText,
  rejectedRows,
  rejectedText,
} from './sync-story';

const at = '2026-03-01T09:30:00.000Z';
const clean: Pick<Profile, 'synced_at' | 'rows_with_errors' | 'warnings_total'> = {
  synced_at: at,
  rows_with_errors: 0,
  warnings_total: 0,
};
const state = (status: Profile['status'], more: Partial<typeof clean> = {}) => ({
  status,
  ...clean,
  ...more,
});

describe('sync story', () => {
  it('never says "No errors" beside a failure, nor before a first sync', () => {
    expect(issuesLinkText(state('failed', { synced_at: null }))).toBe(
      'Sync failed · 0 rows with errors · 0 warnings',
    );
    expect(issuesLinkIsError(state('failed', { synced_at: null }))).toBe(true);
    expect(issuesLinkText(state('failed', { rows_with_errors: 2, warnings_total: 1 }))).toBe(
      'Sync failed · 2 rows with errors · 1 warning',
    );
    expect(issuesLinkText(state('new', { synced_at: null }))).toBe('Not synced yet');
    expect(issuesLinkText(state('syncing', { synced_at: null }))).toBe('Not synced yet');
    expect(issuesLinkText(state('synced'))).toBe('No errors');
    expect(issuesLinkIsError(state('synced'))).toBe(false);
    expect(issuesLinkText(state('synced', { rows_with_errors: 1 }))).toBe('1 row with errors · 0 warnings');
    expect(issuesLinkIsError(state('synced', { rows_with_errors: 1 }))).toBe(true);
  });

  it('names the sync the errors page lists, and says "not synced yet" only when none ran', () => {
    for (const status of ['syncing', 'synced', 'failed', 'needs_confirmation'] as const) {
      expect(errorsPageSubtitle(state(status))).not.toMatch(/not synced yet/);
    }
    expect(errorsPageSubtitle(state('synced'))).toMatch(/^Last sync .+: 0 rows with errors · 0 warnings$/);
    expect(errorsPageSubtitle(state('synced', { synced_at: null }))).toBe(
      'Last sync: 0 rows with errors · 0 warnings',
    );
    expect(errorsPageSubtitle(state('failed'))).toMatch(
      /^The last sync failed\. The rules in place are from/,
    );
    expect(errorsPageSubtitle(state('failed', { synced_at: null }))).toBe(
      'The first sync failed: the feed has no rules yet.',
    );
    expect(errorsPageSubtitle(state('syncing', { synced_at: null }))).toBe('The first sync is running.');
    expect(errorsPageSubtitle(state('new', { synced_at: null }))).toBe('The feed has not synced yet.');
  });

  it('says why the list is empty', () => {
    expect(noIssuesText(state('synced'), true)).toBe('No issues match these filters.');
    expect(noIssuesText(state('new', { synced_at: null }), false)).toBe('No sync has run yet.');
    expect(noIssuesText(state('syncing', { synced_at: null }), false)).toBe('The first sync is running.');
    expect(noIssuesText(state('synced'), false)).toBe('The last sync found no errors or warnings.');
  });

  it('says how many rows the last sync rejected, only of a sync that ended so', () => {
    expect(rejectedText({ rows_with_errors: 1, rows_total: 2 })).toBe('1 of 2 rows rejected');
    expect(rejectedText({ rows_with_errors: 1, rows_total: 1 })).toBe('1 of 1 row rejected');
    expect(rejectedText({ rows_with_errors: 1234, rows_total: 10_000 })).toBe(
      '1,234 of 10,000 rows rejected',
    );
    expect(rejectedRows({ status: 'synced', rows_with_errors: 1 })).toBe(true);
    expect(rejectedRows({ status: 'synced', rows_with_errors: 0 })).toBe(false);
    for (const status of ['failed', 'needs_confirmation', 'syncing', 'new'] as const)
      expect(rejectedRows({ status, rows_with_errors: 3 })).toBe(false);
  });

  it('offers the sync that takes in rows whose conditions now exist, and marks them on the errors page', () => {
    expect(fixableOffer(2, true)).toBe(
      '2 rejected rows name conditions that now exist: sync now to add them.',
    );
    expect(fixableOffer(1, true)).toBe('1 rejected row names conditions that now exist: sync now to add it.');
    expect(fixableOffer(2, false)).toBe('2 rejected rows name conditions that now exist: a sync adds them.');
    expect(fixableIssuesText(2)).toBe(
      'A sync now adds 2 of these rows: the conditions they name exist now. They are marked below.',
    );
    expect(fixableIssuesText(1)).toBe(
      'A sync now adds 1 of these rows: the conditions it names exist now. It is marked below.',
    );
  });
});

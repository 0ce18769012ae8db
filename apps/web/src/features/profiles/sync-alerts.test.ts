import { SYNC_FAILED } from '@adstudio/contract';
import { describe, expect, it } from 'vitest';
import { syncJob, syncOutcome, syncStarted } from './sync-alerts';

const profile = { id: 4, name: 'Retail feed', rows_active: 1204, rows_total: 1204, rows_with_errors: 0 };

describe('sync alerts', () => {
  it('names the sync job in its started alert, so its outcome can replace it', () => {
    expect(syncStarted(profile)).toEqual({
      status: 200,
      data: { message: 'Syncing Retail feed…' },
      progressOf: syncJob(profile),
    });
    expect(syncStarted(profile, 'Profile created.').data.message).toBe('Profile created.');
  });

  it('says how it ended, with the way to the profile; a failure in spec section 8 words', () => {
    const goToView = { name: 'profile', id: 4 };
    expect(syncOutcome({ ...profile, status: 'synced' })).toEqual({
      status: 200,
      data: { message: 'Retail feed synced: 1,204 active rules.' },
      goToView,
    });
    expect(syncOutcome({ ...profile, status: 'failed' })).toEqual({
      status: 422,
      data: { message: SYNC_FAILED },
      goToView,
    });
    expect(syncOutcome({ ...profile, status: 'needs_confirmation' })?.data?.message).toBe(
      'The sync of Retail feed stopped: it needs your confirmation.',
    );
    expect(syncOutcome({ ...profile, status: 'syncing' })).toBeNull();
  });

  it('warns of a sync that left rows out, with Open going to the errors', () => {
    const partly = { ...profile, rows_total: 2, rows_active: 1, rows_with_errors: 1 };
    expect(syncOutcome({ ...partly, status: 'synced' })).toEqual({
      status: 200,
      color: 'warning',
      data: { message: 'Retail feed synced: 1 of 2 rows rejected; 1 active rule.' },
      goToView: { name: 'profile.errors', id: 4 },
    });
    expect(
      syncOutcome({ ...partly, status: 'synced', rows_total: 12_000, rows_with_errors: 1_500 })?.data
        ?.message,
    ).toBe('Retail feed synced: 1,500 of 12,000 rows rejected; 1 active rule.');
    // A failure or a stop says its own words, whatever the rows of the sync before.
    expect(syncOutcome({ ...partly, status: 'failed' })?.data?.message).toBe(SYNC_FAILED);
    expect(syncOutcome({ ...partly, status: 'needs_confirmation' })?.color).toBeUndefined();
  });
});

import { SYNC_FAILED } from '@adstudio/contract';
import { describe, expect, it } from 'vitest';
import { syncJob, syncOutcome, syncStarted } from './sync-alerts';

const profile = { id: 4, name: 'Retail feed', rows_active: 1204 };

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
});

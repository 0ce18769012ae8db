import { type Profile, SYNC_FAILED } from '@adstudio/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';
import { LabelledProgress } from '../../../components/ui/labelled-progress';
import { showOutcome } from '../../../lib/alert';
import { syncFailureDetail, syncProgress } from '../profile-format';
import { syncJob, syncOutcome } from '../sync-alerts';

/**
 * The banner when a sync watched on this page ends (spec section 8 for a failure): it replaces the
 * sync's "started" alert, or shows on an empty banner, never over a newer alert.
 */
function useSyncEndAlert(profile: Profile) {
  const before = useRef(profile.status);
  useEffect(() => {
    const was = before.current;
    before.current = profile.status;
    if (was !== 'syncing' || profile.status === 'syncing') return;
    const outcome = syncOutcome(profile);
    if (outcome) showOutcome(syncJob(profile), outcome);
  }, [profile]);
}

/** How the feed's sync stands: its progress while it runs, why it failed or stopped. */
export function SyncState({ profile }: { profile: Profile }) {
  useSyncEndAlert(profile);
  if (profile.status === 'syncing') {
    const progress = syncProgress(profile);
    return (
      <Box sx={{ mb: 2 }} data-testid="sync-progress">
        <LabelledProgress doing="Syncing the feed…" progress={progress} label="Sync progress" />
      </Box>
    );
  }
  if (profile.status === 'failed') {
    const detail = syncFailureDetail(profile.sync_error);
    return (
      <Alert severity="error" sx={{ mb: 2 }}>
        <AlertTitle>{SYNC_FAILED}</AlertTitle>
        {detail || 'The previous rules are kept.'}
      </Alert>
    );
  }
  if (profile.status === 'needs_confirmation') {
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        <AlertTitle>The last sync needs your confirmation</AlertTitle>
        {profile.sync_error ?? 'It would drop many active rows.'} The previous rules are kept until you choose
        “Sync and accept”.
      </Alert>
    );
  }
  return null;
}

import type { Profile } from '@adstudio/contract';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import SyncIcon from '@mui/icons-material/Sync';
import Button from '@mui/material/Button';
import { type RefObject, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useStartSync } from './use-start-sync';

/**
 * Sync now, and "Sync and accept" when a sync stopped at `needs_confirmation` (after a dialog that
 * shows why); a refused start says why (use-start-sync.ts).
 */
export function SyncActions({ profile, allowLeave }: { profile: Profile; allowLeave: RefObject<boolean> }) {
  const { start: startSync, pending, running } = useStartSync(profile, allowLeave);
  const [confirming, setConfirming] = useState(false);
  const start = (confirm: boolean) => startSync(confirm, () => setConfirming(false));

  return (
    <>
      {profile.status === 'needs_confirmation' ? (
        <Button
          variant="contained"
          color="warning"
          startIcon={<DoneAllIcon />}
          disabled={running}
          onClick={() => setConfirming(true)}
        >
          Sync and accept
        </Button>
      ) : null}
      <Button
        variant={profile.status === 'needs_confirmation' ? 'outlined' : 'contained'}
        startIcon={<SyncIcon />}
        disabled={running}
        onClick={() => start(false)}
      >
        {running ? 'Syncing…' : 'Sync'}
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Sync and accept the change?"
        message={
          <>
            {profile.sync_error ?? 'The last sync would drop many active rows.'} Syncing again with acceptance
            swaps the rules for the feed's rows even so.
          </>
        }
        confirmLabel="Sync and accept"
        busy={pending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => start(true)}
      />
    </>
  );
}

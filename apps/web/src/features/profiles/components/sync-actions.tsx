import { type Profile, SYNC_FAILED } from '@adstudio/contract';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import SyncIcon from '@mui/icons-material/Sync';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useState } from 'react';
import { useNavigate } from 'react-router';
import { profileKeys } from '../../../api/profiles';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { href } from '../../../config/paths';
import { alertFromError, showAlert } from '../../../lib/alert';
import { errorStatus, isSessionExpiredError } from '../../../lib/api-client';
import { navigateToHref } from '../../../lib/use-navigate-to';
import { useSyncProfile } from '../api/sync-profile';
import { syncStarted } from '../sync-alerts';

/**
 * Sync now, and "Sync and accept" when a sync stopped at `needs_confirmation` (after a dialog that
 * shows why). A refused start says why: the server's words on 409 (one is running), else spec
 * section 8's 'Failed to sync. Try again.', and on 404 also the way back to the overview.
 */
export function SyncActions({ profile, allowLeave }: { profile: Profile; allowLeave: RefObject<boolean> }) {
  const sync = useSyncProfile();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const running = profile.status === 'syncing' || sync.isPending;

  const start = (confirm: boolean) =>
    sync.mutate(
      { id: profile.id, confirm },
      {
        onSuccess: () => showAlert(syncStarted(profile)),
        onError: (error) => {
          if (isSessionExpiredError(error)) return;
          const status = errorStatus(error);
          if (status === 409) return showAlert(alertFromError(error));
          showAlert({ status: status ?? 500, data: { message: SYNC_FAILED } });
          if (status === 404) {
            queryClient.removeQueries({ queryKey: profileKeys.lists() });
            queryClient.removeQueries({ queryKey: profileKeys.detail(profile.id) });
            allowLeave.current = true;
            navigateToHref(navigate, href('profiles.view'), { replace: true });
          }
        },
        onSettled: () => setConfirming(false),
      },
    );

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
        busy={sync.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => start(true)}
      />
    </>
  );
}

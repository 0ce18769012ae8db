import { type Profile, SYNC_FAILED } from '@adstudio/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { useNavigate } from 'react-router';
import { profileKeys } from '../../../api/profiles';
import { href } from '../../../config/paths';
import { alertFromError, showAlert } from '../../../lib/alert';
import { errorStatus, isSessionExpiredError } from '../../../lib/api-client';
import { navigateToHref } from '../../../lib/use-navigate-to';
import { useSyncProfile } from '../api/sync-profile';
import { syncStarted } from '../sync-alerts';

/**
 * Starts a sync of the profile, for every button that offers one. A refused start says why: the
 * server's words on 409 (one is running), else spec section 8's 'Failed to sync. Try again.', and
 * on 404 also the way back to the overview (`allowLeave` skips the unsaved-changes question).
 */
export function useStartSync(profile: Profile, allowLeave: RefObject<boolean>) {
  const sync = useSyncProfile();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const start = (confirm: boolean, onSettled?: () => void) =>
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
        onSettled,
      },
    );

  return { start, pending: sync.isPending, running: profile.status === 'syncing' || sync.isPending };
}

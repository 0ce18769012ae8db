import type { RefObject } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

/**
 * Asks before leaving a form with unsaved changes (another page, tab or timeframe: each is a new
 * URL, and the view remounts on every URL). `allowLeave` lets the page's own navigation through.
 */
export function UnsavedChangesGuard({
  dirty,
  allowLeave,
}: {
  dirty: boolean;
  allowLeave: RefObject<boolean>;
}) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !allowLeave.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Discard unsaved changes?"
      message="The changes to this campaign have not been saved."
      confirmLabel="Discard"
      cancelLabel="Keep editing"
      destructive
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}

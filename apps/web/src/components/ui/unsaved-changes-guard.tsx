import { type RefObject, useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Asks before leaving a form with unsaved changes: links, tabs (each a new URL) and the browser's
 * Back go through the router's blocker; a reload, closing the tab or typing an address through the
 * browser's own `beforeunload` question. `allowLeave` lets the page's own navigation through.
 */
export function UnsavedChangesGuard({
  dirty,
  allowLeave,
  noun,
}: {
  dirty: boolean;
  allowLeave: RefObject<boolean>;
  /** What has unsaved changes: "this campaign". */
  noun: string;
}) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !allowLeave.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (allowLeave.current) return;
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty, allowLeave]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Discard unsaved changes?"
      message={`The changes to ${noun} have not been saved.`}
      confirmLabel="Discard"
      cancelLabel="Stay"
      destructive
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}

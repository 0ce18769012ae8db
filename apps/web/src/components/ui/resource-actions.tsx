import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type RefObject, useState } from 'react';
import { useNavigate } from 'react-router';
import { alertFromError, alertMessage, showAlert } from '../../lib/alert';
import { errorStatus, isSessionExpiredError } from '../../lib/api-client';
import { navigateToHref } from '../../lib/use-navigate-to';
import { ConfirmDialog } from './confirm-dialog';

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Clone (a copy named "… (copy)", opened at once; when the section has it) and delete (after
 * confirmation, back to the overview), for users who may write. `allowLeave` lets this navigation past the unsaved-changes guard.
 */
export function ResourceActions({
  noun,
  name,
  onClone,
  onDelete,
  viewHref,
  overview,
  allowLeave,
  refusalInDialog = false,
}: {
  noun: string;
  name: string;
  onClone?: (() => Promise<{ id: number; name: string }>) | undefined;
  onDelete: () => Promise<unknown>;
  viewHref: (id: number) => string;
  overview: string;
  allowLeave: RefObject<boolean>;
  /**
   * A delete the server refuses with 422 (the item is in use) keeps the dialog open with the
   * server's reason in it, rather than a banner that fades; `onDelete` then raises no alert itself.
   */
  refusalInDialog?: boolean;
}) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'clone' | 'delete' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const run = <T,>(action: 'clone' | 'delete', request: () => Promise<T>, then: (result: T) => void) => {
    setBusy(action);
    request()
      .then(
        (result) => {
          setConfirming(false);
          then(result);
        },
        (error: unknown) => {
          if (refusalInDialog && action === 'delete' && errorStatus(error) === 422) {
            setRefusal(alertMessage(alertFromError(error)));
            return;
          }
          if (refusalInDialog && !isSessionExpiredError(error)) showAlert(alertFromError(error));
          setConfirming(false);
        },
      )
      .finally(() => setBusy(null));
  };

  const closeDialog = () => {
    setConfirming(false);
    setRefusal(null);
  };

  const leaveTo = (to: string) => {
    allowLeave.current = true;
    navigateToHref(navigate, to);
  };

  return (
    <>
      {onClone ? (
        <Button
          startIcon={<ContentCopyIcon />}
          disabled={busy !== null}
          onClick={() =>
            run('clone', onClone, (copy) => {
              showAlert({ status: 200, data: { message: `Copied as "${copy.name}".` } });
              leaveTo(viewHref(copy.id));
            })
          }
        >
          Clone
        </Button>
      ) : null}
      <Button
        color="error"
        startIcon={<DeleteIcon />}
        disabled={busy !== null}
        onClick={() => setConfirming(true)}
      >
        Delete
      </Button>
      <ConfirmDialog
        open={confirming}
        title={refusal ? `This ${noun} cannot be deleted` : `Delete this ${noun}?`}
        message={
          refusal ? (
            // Inside the dialog's paragraph: phrasing content only.
            <Box component="span" role="alert" sx={{ color: 'error.main' }}>
              {refusal}
            </Box>
          ) : (
            `"${name}" will be removed from the ${noun}s list. It can be restored from the list's deleted ${noun}s.`
          )
        }
        confirmLabel="Delete"
        cancelLabel={refusal ? 'Close' : 'Cancel'}
        hideConfirm={refusal !== null}
        destructive
        busy={busy === 'delete'}
        onCancel={closeDialog}
        onConfirm={() =>
          run('delete', onDelete, () => {
            showAlert({ status: 200, data: { message: `${capital(noun)} deleted.` } });
            leaveTo(overview);
          })
        }
      />
    </>
  );
}

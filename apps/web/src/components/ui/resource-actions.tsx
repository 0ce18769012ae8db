import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import { type RefObject, useState } from 'react';
import { useNavigate } from 'react-router';
import { showAlert } from '../../lib/alert';
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
}: {
  noun: string;
  name: string;
  onClone?: (() => Promise<{ id: number; name: string }>) | undefined;
  onDelete: () => Promise<unknown>;
  viewHref: (id: number) => string;
  overview: string;
  allowLeave: RefObject<boolean>;
}) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'clone' | 'delete' | null>(null);
  const [confirming, setConfirming] = useState(false);

  const run = <T,>(action: 'clone' | 'delete', request: () => Promise<T>, then: (result: T) => void) => {
    setBusy(action);
    request()
      .then(then, () => {})
      .finally(() => {
        setBusy(null);
        setConfirming(false);
      });
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
        title={`Delete this ${noun}?`}
        message={`"${name}" will be removed from the ${noun}s list. It can be restored from the list's deleted ${noun}s.`}
        confirmLabel="Delete"
        destructive
        busy={busy === 'delete'}
        onCancel={() => setConfirming(false)}
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

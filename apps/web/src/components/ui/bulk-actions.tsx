import type { Bulk, BulkResult, Status } from '@adstudio/contract';
import DeleteIcon from '@mui/icons-material/Delete';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { showAlert } from '../../lib/alert';
import { formatCounted } from '../../lib/format';
import type { BulkResults } from './bulk-popups';

const BulkPopups = lazy(() => import('./bulk-popups').then((module) => ({ default: module.BulkPopups })));

/** "2 creatives moved to live, 1 refused." */
export function bulkSummary(results: readonly BulkResult[], noun: string, verb: string): string {
  const done = results.filter((result) => result.ok).length;
  const refused = results.length - done;
  return `${formatCounted(done, noun)} ${verb}${refused > 0 ? `, ${refused} refused` : ''}.`;
}

/**
 * Bulk actions on a list's selected rows: a status move and delete (after confirmation), or restore
 * in the deleted view. The server answers per item; the answer is shown per item.
 */
export function BulkActions({
  noun,
  selected,
  deleted,
  canWrite,
  deleteNote,
  run,
  busy,
  onDone,
}: {
  noun: string;
  selected: readonly { id: number; name: string }[];
  /** The list shows deleted items: restore is the one action. */
  deleted: boolean;
  canWrite: boolean;
  /** What delete keeps, e.g. "Live creatives are kept; the others are deleted." */
  deleteNote: string;
  run: (body: Bulk) => Promise<BulkResult[]>;
  busy: boolean;
  onDone: () => void;
}) {
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [results, setResults] = useState<BulkResults | null>(null);
  const ids = selected.map((item) => item.id);
  const selecting = selected.length > 0;
  // The popups load with the first selection, before any of them is asked for, and stay.
  const [popupsUsed, setPopupsUsed] = useState(false);
  useEffect(() => {
    if (selecting) setPopupsUsed(true);
  }, [selecting]);
  const names = new Map(selected.map((item) => [item.id, item.name]));

  const send = (body: Bulk, title: string, verb: string) =>
    run(body)
      .then(
        (items) => {
          const refused = items.some((item) => !item.ok);
          showAlert({ status: refused ? 422 : 200, data: { message: bulkSummary(items, noun, verb) } });
          setResults({ title, items, names });
        },
        () => {},
      )
      .finally(() => setConfirmDelete(false));

  const move = (status: Status) => {
    setMenu(null);
    void send({ action: 'status', ids, status }, `Move to ${status}`, `moved to ${status}`);
  };

  const close = () => {
    setResults(null);
    onDone();
  };

  return (
    <>
      {selecting ? (
        <Paper
          variant="outlined"
          role="region"
          aria-label="Bulk actions"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, mb: 1, flexWrap: 'wrap' }}
        >
          <Typography sx={{ flex: 1 }}>{selected.length} selected</Typography>
          {deleted ? (
            canWrite ? (
              <Button
                startIcon={<RestoreFromTrashIcon />}
                onClick={() => void send({ action: 'restore', ids }, 'Restore', 'restored')}
                disabled={busy}
              >
                Restore
              </Button>
            ) : null
          ) : (
            <>
              <Button
                startIcon={<SwapHorizIcon />}
                onClick={(event) => setMenu(event.currentTarget)}
                disabled={busy}
                aria-haspopup="menu"
              >
                Change status
              </Button>
              {canWrite ? (
                <Button
                  color="error"
                  startIcon={<DeleteIcon />}
                  onClick={() => setConfirmDelete(true)}
                  disabled={busy}
                >
                  Delete
                </Button>
              ) : null}
            </>
          )}
        </Paper>
      ) : null}
      {popupsUsed ? (
        <Suspense fallback={null}>
          <BulkPopups
            noun={noun}
            count={selected.length}
            deleteNote={deleteNote}
            busy={busy}
            menu={menu}
            confirmDelete={confirmDelete}
            results={results}
            onMove={move}
            onCloseMenu={() => setMenu(null)}
            onDelete={() => void send({ action: 'delete', ids }, 'Delete', 'deleted')}
            onCancelDelete={() => setConfirmDelete(false)}
            onCloseResults={close}
          />
        </Suspense>
      ) : null}
    </>
  );
}

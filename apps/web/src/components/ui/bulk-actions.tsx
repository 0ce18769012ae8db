import type { Bulk, BulkResult, Section, Status } from '@adstudio/contract';
import DeleteIcon from '@mui/icons-material/Delete';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { showAlert } from '../../lib/alert';
import { bulkMoves, type MovableItem, noMoveReason } from './bulk-moves';
import type { BulkResults } from './bulk-popups';
import { bulkSummary } from './bulk-summary';
import { DisabledReason } from './disabled-reason';

const BulkPopups = lazy(() => import('./bulk-popups').then((module) => ({ default: module.BulkPopups })));

/**
 * Bulk actions on a list's selected rows: a status move (only the moves some selected item allows)
 * and delete (after confirmation), or restore in the deleted view. The server answers per item; a
 * partly done action shows as a summary, refusals grouped by their reason, and per item.
 */
export function BulkActions({
  noun,
  section,
  selected,
  deleted,
  canWrite,
  deleteNote,
  run,
  busy,
  onDone,
}: {
  noun: string;
  section: Section;
  selected: readonly ({ id: number; name: string } & MovableItem)[];
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
  const moves = bulkMoves(selected);
  const denied = (doing: string) =>
    canWrite ? null : `${doing} ${noun}s needs the permission 'edit ${section}'.`;

  const send = (body: Bulk, title: string, verb: string) =>
    run(body)
      .then(
        (items) => {
          // A refusal is no failure of the action: the results dialog tells it, not a red banner.
          if (items.every((item) => item.ok)) {
            showAlert({ status: 200, data: { message: bulkSummary(items, noun, verb) } });
          }
          setResults({ title, verb, items, names });
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
            <DisabledReason reason={denied('Restoring')}>
              <Button
                startIcon={<RestoreFromTrashIcon />}
                onClick={() => void send({ action: 'restore', ids }, 'Restore', 'restored')}
                disabled={busy || !canWrite}
              >
                Restore
              </Button>
            </DisabledReason>
          ) : (
            <>
              <DisabledReason reason={moves.length === 0 ? noMoveReason(selected) : null}>
                <Button
                  startIcon={<SwapHorizIcon />}
                  onClick={(event) => setMenu(event.currentTarget)}
                  disabled={busy || moves.length === 0}
                  aria-haspopup="menu"
                >
                  Change status
                </Button>
              </DisabledReason>
              <DisabledReason reason={denied('Deleting')}>
                <Button
                  color="error"
                  startIcon={<DeleteIcon />}
                  onClick={() => setConfirmDelete(true)}
                  disabled={busy || !canWrite}
                >
                  Delete
                </Button>
              </DisabledReason>
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
            moves={moves}
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

import { type Bulk, type BulkResult, STATUSES, type Status } from '@adstudio/contract';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteIcon from '@mui/icons-material/Delete';
import ErrorIcon from '@mui/icons-material/Error';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { showAlert } from '../../lib/alert';
import { formatCounted } from '../../lib/format';
import { ConfirmDialog } from './confirm-dialog';
import { StatusChip } from './status-chip';

/** "2 creatives moved to live, 1 refused." */
export function bulkSummary(results: readonly BulkResult[], noun: string, verb: string): string {
  const done = results.filter((result) => result.ok).length;
  const refused = results.length - done;
  return `${formatCounted(done, noun)} ${verb}${refused > 0 ? `, ${refused} refused` : ''}.`;
}

interface Results {
  title: string;
  items: BulkResult[];
  names: Map<number, string>;
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
  const [results, setResults] = useState<Results | null>(null);
  const ids = selected.map((item) => item.id);
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
      {selected.length > 0 ? (
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
      <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
        {STATUSES.map((status) => (
          <MenuItem key={status} onClick={() => move(status)}>
            <StatusChip status={status} />
          </MenuItem>
        ))}
      </Menu>
      <ConfirmDialog
        open={confirmDelete}
        title={`Delete ${formatCounted(selected.length, noun)}?`}
        message={`${deleteNote} Deleted ${noun}s can be restored from the list's deleted ${noun}s.`}
        confirmLabel="Delete"
        destructive
        busy={busy}
        onConfirm={() => void send({ action: 'delete', ids }, 'Delete', 'deleted')}
        onCancel={() => setConfirmDelete(false)}
      />
      <Dialog
        open={results !== null}
        onClose={close}
        aria-labelledby="bulk-results-title"
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id="bulk-results-title">{results?.title}</DialogTitle>
        <DialogContent>
          <List dense aria-label="Results">
            {results?.items.map((item) => (
              <ListItem key={item.id} disableGutters>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  {item.ok ? (
                    <CheckCircleIcon color="success" aria-label="Done" />
                  ) : (
                    <ErrorIcon color="error" aria-label="Refused" />
                  )}
                </ListItemIcon>
                <ListItemText
                  primary={results.names.get(item.id) ?? `#${item.id}`}
                  secondary={item.message ?? (item.ok ? 'Done.' : undefined)}
                />
              </ListItem>
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} autoFocus>
            Close
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

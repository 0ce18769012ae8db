import { type BulkResult, STATUSES, type Status } from '@adstudio/contract';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
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
import { formatCounted } from '../../lib/format';
import { ConfirmDialog } from './confirm-dialog';
import { StatusChip } from './status-chip';

export interface BulkResults {
  title: string;
  items: BulkResult[];
  names: Map<number, string>;
}

/**
 * What the bulk bar opens: the status menu, the delete confirmation and the per-item results. Its own
 * module, loaded once rows are selected, so a list's first load does not carry it.
 */
export function BulkPopups({
  noun,
  count,
  deleteNote,
  busy,
  menu,
  confirmDelete,
  results,
  onMove,
  onCloseMenu,
  onDelete,
  onCancelDelete,
  onCloseResults,
}: {
  noun: string;
  count: number;
  deleteNote: string;
  busy: boolean;
  /** The "Change status" button while its menu is open. */
  menu: HTMLElement | null;
  confirmDelete: boolean;
  results: BulkResults | null;
  onMove: (status: Status) => void;
  onCloseMenu: () => void;
  onDelete: () => void;
  onCancelDelete: () => void;
  onCloseResults: () => void;
}) {
  return (
    <>
      <Menu anchorEl={menu} open={Boolean(menu)} onClose={onCloseMenu}>
        {STATUSES.map((status) => (
          <MenuItem key={status} onClick={() => onMove(status)}>
            <StatusChip status={status} />
          </MenuItem>
        ))}
      </Menu>
      <ConfirmDialog
        open={confirmDelete}
        title={`Delete ${formatCounted(count, noun)}?`}
        message={`${deleteNote} Deleted ${noun}s can be restored from the list's deleted ${noun}s.`}
        confirmLabel="Delete"
        destructive
        busy={busy}
        onConfirm={onDelete}
        onCancel={onCancelDelete}
      />
      <Dialog
        open={results !== null}
        onClose={onCloseResults}
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
          <Button onClick={onCloseResults} autoFocus>
            Close
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

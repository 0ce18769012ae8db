import type { BulkResult, Status } from '@adstudio/contract';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
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
import Typography from '@mui/material/Typography';
import { formatCounted } from '../../lib/format';
import type { BulkMove } from './bulk-moves';
import { bulkGroups, bulkGroupText, bulkSummary } from './bulk-summary';
import { ConfirmDialog } from './confirm-dialog';
import { StatusChip } from './status-chip';

export interface BulkResults {
  title: string;
  /** "moved to ready", as the summary says it. */
  verb: string;
  items: BulkResult[];
  names: Map<number, string>;
}

/** What happened, in a few lines: the counts, then each reason with how many items it concerns. */
function ResultsSummary({ noun, results }: { noun: string; results: BulkResults }) {
  const groups = bulkGroups(results.items);
  const refused = groups.some((group) => !group.ok);
  return (
    <Alert severity={refused ? 'warning' : 'success'} role="status" sx={{ mb: 1 }}>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {bulkSummary(results.items, noun, results.verb)}
      </Typography>
      {groups.map((group) => (
        <Typography key={`${group.ok}:${group.message}`} variant="body2">
          {bulkGroupText(group)}
        </Typography>
      ))}
    </Alert>
  );
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
  moves,
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
  /** The moves some selected item allows, each saying why the others cannot make it. */
  moves: readonly BulkMove[];
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
        {moves.map(({ status, note }) => (
          <MenuItem key={status} onClick={() => onMove(status)}>
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
              <StatusChip status={status} sx={{ cursor: 'pointer' }} />
              {note ? (
                <Typography
                  variant="caption"
                  color="textSecondary"
                  sx={{ whiteSpace: 'normal', maxWidth: 320 }}
                >
                  {note}
                </Typography>
              ) : null}
            </Box>
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
          {results ? <ResultsSummary noun={noun} results={results} /> : null}
          <List dense aria-label="Results">
            {results?.items.map((item) => (
              <ListItem key={item.id} disableGutters>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  {item.ok ? (
                    <CheckCircleIcon color="success" aria-label="Done" />
                  ) : (
                    <BlockIcon color="warning" aria-label="Refused" />
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

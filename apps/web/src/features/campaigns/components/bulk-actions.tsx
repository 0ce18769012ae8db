import { type BulkResult, type Campaign, STATUSES, type Status } from '@adstudio/contract';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteIcon from '@mui/icons-material/Delete';
import ErrorIcon from '@mui/icons-material/Error';
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
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { StatusChip } from '../../../components/ui/status-chip';
import { showAlert } from '../../../lib/alert';
import { useBulkCampaigns } from '../api/bulk-campaigns';

export function bulkSummary(results: readonly BulkResult[], verb: string): string {
  const done = results.filter((result) => result.ok).length;
  const refused = results.length - done;
  const parts = [`${done} ${done === 1 ? 'campaign' : 'campaigns'} ${verb}`];
  if (refused > 0) parts.push(`${refused} refused`);
  return `${parts.join(', ')}.`;
}

/** Bulk status change and delete for the selected rows; the answer is shown per campaign. */
export function BulkActions({
  selected,
  canDelete,
  onDone,
}: {
  selected: readonly Campaign[];
  canDelete: boolean;
  onDone: () => void;
}) {
  const bulk = useBulkCampaigns();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [results, setResults] = useState<{
    title: string;
    items: BulkResult[];
    names: Map<number, string>;
  } | null>(null);
  const ids = selected.map((campaign) => campaign.id);
  const names = new Map(selected.map((campaign) => [campaign.id, campaign.name]));

  const finish = (title: string, verb: string) => (items: BulkResult[]) => {
    const refused = items.some((item) => !item.ok);
    showAlert({ status: refused ? 422 : 200, data: { message: bulkSummary(items, verb) } });
    setResults({ title, items, names });
  };

  const move = (status: Status) => {
    setMenu(null);
    bulk.mutate(
      { action: 'status', ids, status },
      { onSuccess: finish(`Move to ${status}`, `moved to ${status}`) },
    );
  };

  const remove = () =>
    bulk.mutate(
      { action: 'delete', ids },
      {
        onSuccess: (items) => {
          setConfirmDelete(false);
          finish('Delete', 'deleted')(items);
        },
        onError: () => setConfirmDelete(false),
      },
    );

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
          <Button
            startIcon={<SwapHorizIcon />}
            onClick={(event) => setMenu(event.currentTarget)}
            disabled={bulk.isPending}
            aria-haspopup="menu"
          >
            Change status
          </Button>
          {canDelete ? (
            <Button
              color="error"
              startIcon={<DeleteIcon />}
              onClick={() => setConfirmDelete(true)}
              disabled={bulk.isPending}
            >
              Delete
            </Button>
          ) : null}
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
        title={`Delete ${selected.length} ${selected.length === 1 ? 'campaign' : 'campaigns'}?`}
        message="Campaigns with live creatives are kept; the others are deleted."
        confirmLabel="Delete"
        destructive
        busy={bulk.isPending}
        onConfirm={remove}
        onCancel={() => setConfirmDelete(false)}
      />
      <Dialog
        open={results !== null}
        onClose={() => {
          setResults(null);
          onDone();
        }}
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
                  primary={results.names.get(item.id) ?? `Campaign #${item.id}`}
                  secondary={item.message ?? (item.ok ? 'Done.' : undefined)}
                />
              </ListItem>
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button
            onClick={() => {
              setResults(null);
              onDone();
            }}
            autoFocus
          >
            Close
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

import type { HistoryEntry } from '@adstudio/contract';
import ArrowRightAltIcon from '@mui/icons-material/ArrowRightAlt';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useCampaignHistory } from '../api/get-campaign-history';
import { fieldLabel, formatChangeValue } from '../campaign-format';

const ACTION_LABELS: Record<string, string> = {
  created: 'Created',
  updated: 'Edited',
  status: 'Changed status',
  deleted: 'Deleted',
  restored: 'Restored',
};

function Entry({ entry }: { entry: HistoryEntry }) {
  return (
    <ListItem divider alignItems="flex-start" sx={{ display: 'block', px: 0 }} data-testid="history-entry">
      <Typography variant="body2">
        <strong>{ACTION_LABELS[entry.action] ?? entry.action}</strong> by {entry.user?.name ?? 'the system'}{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          · {formatDateTime(entry.created_at)}
        </Typography>
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          mt: 0.5,
          display: 'grid',
          gridTemplateColumns: 'max-content 1fr',
          gap: 0.5,
          columnGap: 2,
        }}
      >
        {Object.entries(entry.changes).map(([field, [before, after]]) => (
          <Box key={field} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {fieldLabel(field)}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}
            >
              <span>{formatChangeValue(before)}</span>
              <ArrowRightAltIcon fontSize="small" aria-label="changed to" />
              <span>{formatChangeValue(after)}</span>
            </Typography>
          </Box>
        ))}
      </Box>
    </ListItem>
  );
}

/** Who changed what and when: the campaign's audit entries, newest first. */
export function HistoryTab({ campaignId }: { campaignId: number }) {
  const history = useCampaignHistory(campaignId);
  if (history.isPending) return <LoadingState label="Loading history…" />;
  if (history.isError) {
    return <ErrorState message={errorMessage(history.error)} onRetry={() => void history.refetch()} />;
  }
  if (history.data.length === 0) return <EmptyState title="No changes recorded yet." />;
  return (
    <List aria-label="History" disablePadding>
      {history.data.map((entry) => (
        <Entry key={entry.id} entry={entry} />
      ))}
    </List>
  );
}

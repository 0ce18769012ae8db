import type { HistoryEntry } from '@adstudio/contract';
import ArrowRightAltIcon from '@mui/icons-material/ArrowRightAlt';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatDateTime } from '../../lib/format';
import { fieldLabel, formatChangeValue } from '../../lib/history-format';
import { QueryView } from './query-view';

const ACTION_LABELS: Record<string, string> = {
  created: 'Created',
  updated: 'Edited',
  status: 'Changed status',
  deleted: 'Deleted',
  restored: 'Restored',
};

function Entry({ entry, labels }: { entry: HistoryEntry; labels: Readonly<Record<string, string>> }) {
  return (
    <ListItem divider alignItems="flex-start" sx={{ display: 'block', px: 0 }} data-testid="history-entry">
      <Typography variant="body2">
        <strong>{ACTION_LABELS[entry.action] ?? entry.action}</strong> by {entry.user?.name ?? 'the system'}{' '}
        <Typography component="span" variant="body2" color="textSecondary">
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
            <Typography component="dt" variant="body2" color="textSecondary">
              {fieldLabel(field, labels)}
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

/** Who changed what and when: an item's audit entries, newest first. */
export function HistoryList({
  history,
  labels = {},
}: {
  history: UseQueryResult<HistoryEntry[]>;
  /** The section's own field names, e.g. `{launch_date: 'Launch date'}`. */
  labels?: Readonly<Record<string, string>>;
}) {
  return (
    <QueryView
      query={history}
      pending="Loading history…"
      isEmpty={(entries) => entries.length === 0}
      empty="No changes recorded yet."
    >
      {(entries) => (
        <List aria-label="History" disablePadding>
          {entries.map((entry) => (
            <Entry key={entry.id} entry={entry} labels={labels} />
          ))}
        </List>
      )}
    </QueryView>
  );
}

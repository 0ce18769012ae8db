import type { HistoryEntry } from '@adstudio/contract';
import ArrowRightAltIcon from '@mui/icons-material/ArrowRightAlt';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { fieldLabel, type HistoryValue, historyValue, shownChanges } from '../../lib/history-format';
import { QueryView } from './query-view';
import { StatusChip } from './status-chip';

const ACTION_LABELS: Record<string, string> = {
  created: 'Created',
  updated: 'Edited',
  status: 'Changed status',
  deleted: 'Deleted',
  restored: 'Restored',
};

function Value({ value }: { value: HistoryValue }) {
  if (value.kind === 'status') return <StatusChip status={value.status} />;
  if (value.kind === 'link') {
    return (
      <Link component={RouterLink} to={value.to}>
        {value.text}
      </Link>
    );
  }
  return <span>{value.text}</span>;
}

function Entry({ entry }: { entry: HistoryEntry }) {
  // A creation sets every field from nothing: its values alone say it.
  const fromNothing = entry.action === 'created';
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
          // The value's column may shrink below its longest word: a long name or address wraps.
          gridTemplateColumns: 'max-content minmax(0, 1fr)',
          // A label sits level with its value, a chip's or a line of text.
          alignItems: 'center',
          gap: 0.5,
          columnGap: 2,
        }}
      >
        {shownChanges(entry).map(([field, [before, after]]) => (
          <Box key={field} sx={{ display: 'contents' }} data-field={field}>
            <Typography component="dt" variant="body2" color="textSecondary">
              {fieldLabel(field)}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{
                m: 0,
                display: 'flex',
                alignItems: 'center',
                gap: 0.5,
                flexWrap: 'wrap',
                overflowWrap: 'anywhere',
              }}
            >
              {fromNothing && (before === null || before === undefined) ? null : (
                <>
                  <Value value={historyValue(field, before, entry)} />
                  <ArrowRightAltIcon fontSize="small" aria-label="changed to" />
                </>
              )}
              <Value value={historyValue(field, after, entry)} />
            </Typography>
          </Box>
        ))}
      </Box>
    </ListItem>
  );
}

/**
 * Who changed what and when: an item's audit entries, newest first, every field read through the
 * one registry of `lib/history-format` (names for ids, status chips, words for values).
 */
export function HistoryList({ history }: { history: UseQueryResult<HistoryEntry[]> }) {
  return (
    <QueryView query={history} pending="Loading history…" empty="No changes recorded yet.">
      {(entries) => (
        <List aria-label="History" disablePadding>
          {entries.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </List>
      )}
    </QueryView>
  );
}

import type { QaRun } from '@adstudio/contract';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { formatDateTime } from '../../../lib/format';
import { verdictText } from '../qa-format';

/** The newest runs, newest first: the one shown is marked, any other opens in its place. */
export function EarlierRuns({
  runs,
  shown,
  onOpen,
}: {
  runs: readonly QaRun[];
  shown: number | null;
  onOpen: (run: QaRun) => void;
}) {
  return (
    <List dense disablePadding aria-label="QA runs, newest first">
      {runs.map((run) => (
        <ListItem key={run.id} disablePadding>
          <ListItemButton
            selected={run.id === shown}
            aria-current={run.id === shown ? 'true' : undefined}
            onClick={() => onOpen(run)}
            data-testid="qa-run-row"
          >
            <ListItemText
              primary={`Run #${run.id} · ${formatDateTime(run.created_at)}`}
              secondary={`${verdictText(run)}${run.status === 'finished' && !run.current ? ' · content changed since' : ''}`}
              slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

import type { Creative } from '@adstudio/contract';
import Chip from '@mui/material/Chip';
import { Link as RouterLink } from 'react-router';
import { href } from '../../../config/paths';
import { useQaRuns } from '../api/qa-runs';
import { showsVerdict, verdictChipText, verdictTone } from '../qa-format';
import { useRunEndAlert } from './use-run-end-alert';

/**
 * Beside the status where the creative moves to ready or live: the newest QA run's verdict
 * ("QA passed", "QA: 3 errors", "No QA run"), a link to the QA tab. A pass on content that changed
 * since is not green: it no longer covers what would go live.
 */
export function QaVerdictChip({ creative }: { creative: Creative }) {
  const shown = showsVerdict(creative.status);
  const runs = useQaRuns(creative.id, 1, { poll: true, enabled: shown });
  const newest = runs.data?.data[0] ?? null;
  useRunEndAlert(creative, newest);
  if (!shown || runs.isPending || runs.isError) return null;
  const stale = newest?.status === 'finished' && !newest.current;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={verdictTone(newest)}
      label={`${verdictChipText(newest)}${stale ? ' (content changed since)' : ''}`}
      component={RouterLink}
      to={href('creative.view', { id: creative.id }, { tab: 'qa' })}
      clickable
      data-testid="qa-verdict"
      sx={{ justifySelf: 'start', maxWidth: '100%' }}
    />
  );
}

import { isRoadStatus, type RoadStatus, STATUS_ROAD, type Status, statusPath } from '@adstudio/contract';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { visuallyHidden } from './shared-link';
import { STATUS_DISPLAY, StatusChip } from './status-chip';

/**
 * Where a branch shows on the road when the item stands on it: after the road's step it leaves
 * from and before the one it leads back to (testing and delivered), at the end (finished), or
 * before quality assurance, where action required leads back to.
 */
const BRANCH_AFTER: Readonly<Record<Exclude<Status, RoadStatus>, RoadStatus>> = {
  'action required': 'draft',
  testing: 'quality assurance',
  delivered: 'ready',
  finished: 'live',
};

export interface RoadStep {
  status: Status;
  /** `current`: where the item stands; `ahead`: on its shortest way to live; `aside`: neither. */
  state: 'current' | 'ahead' | 'aside';
}

/** The main road with the item's branch, when it stands on one, each step placed against its way to live. */
export function roadSteps(current: Status): RoadStep[] {
  const road: Status[] = [...STATUS_ROAD];
  if (!isRoadStatus(current)) road.splice(road.indexOf(BRANCH_AFTER[current]) + 1, 0, current);
  const ahead = new Set(statusPath(current, 'live')?.slice(1));
  return road.map((status) => ({
    status,
    state: status === current ? 'current' : ahead.has(status) ? 'ahead' : 'aside',
  }));
}

/** "Next: quality assurance, then ready, then live." — the way to live in words. */
export function roadSentence(current: Status): string {
  const ahead = statusPath(current, 'live')?.slice(1) ?? [];
  if (ahead.length === 0) return current === 'live' ? 'It is live.' : 'No way leads to live from here.';
  const next = `Next: ${ahead.join(', then ')}.`;
  return isRoadStatus(current) ? next : `Off the main road. ${next}`;
}

function Step({ step }: { step: RoadStep }) {
  if (step.state === 'current') return <StatusChip status={step.status} />;
  const Icon = STATUS_DISPLAY[step.status].icon;
  return (
    <Chip
      size="small"
      variant="outlined"
      label={step.status}
      icon={<Icon fontSize="small" />}
      sx={[
        { textTransform: 'capitalize' },
        step.state === 'aside'
          ? { color: 'text.secondary', borderStyle: 'dashed', '& .MuiChip-icon': { color: 'text.secondary' } }
          : { fontWeight: 500 },
      ]}
    />
  );
}

/**
 * The way to live (docs/design.md §5): the main road draft → quality assurance → ready → live with
 * the branch the item stands on, where it stands (`aria-current="step"`), the steps still ahead of
 * it, and the way in words. It wraps at a phone's width. The moves themselves are StatusControl's.
 */
export function StatusPath({ current }: { current: Status }) {
  const sentenceId = useId();
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Box
        component="ol"
        aria-label="The way to live"
        aria-describedby={sentenceId}
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 0.5,
          listStyle: 'none',
          m: 0,
          p: 0,
        }}
      >
        {roadSteps(current).map((step, index) => (
          <Box
            component="li"
            key={step.status}
            aria-current={step.state === 'current' ? 'step' : undefined}
            data-step={step.state}
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          >
            {index > 0 ? (
              <ArrowForwardIcon aria-hidden fontSize="small" sx={{ color: 'text.secondary', fontSize: 16 }} />
            ) : null}
            <Step step={step} />
            {step.state === 'ahead' ? (
              <Box component="span" sx={visuallyHidden}>
                (ahead)
              </Box>
            ) : null}
          </Box>
        ))}
      </Box>
      <Typography id={sentenceId} variant="body2" color="textSecondary">
        {roadSentence(current)}
      </Typography>
    </Box>
  );
}

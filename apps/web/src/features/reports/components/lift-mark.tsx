import { type LiftInterval, points } from '@adstudio/contract';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import TrendingFlatIcon from '@mui/icons-material/TrendingFlat';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import Chip from '@mui/material/Chip';
import { STATUS_COLOURS } from '../../../components/ui/status-chip';

export type LiftVerdict = 'lift' | 'loss' | 'none' | 'unknown';

export const liftVerdict = (lift: LiftInterval | null): LiftVerdict =>
  !lift ? 'unknown' : !lift.significant ? 'none' : lift.difference > 0 ? 'lift' : 'loss';

const MARKS = {
  lift: { label: 'Significant lift', icon: TrendingUpIcon, background: STATUS_COLOURS.green },
  loss: { label: 'Significant loss', icon: TrendingDownIcon, background: STATUS_COLOURS.red },
  none: { label: 'Not significant', icon: TrendingFlatIcon, background: undefined },
  unknown: { label: 'Not enough views', icon: undefined, background: undefined },
} as const;

/** The difference's 95 % interval in points: "+0.12 pt to +0.71 pt"; a dash while an arm has no views. */
export const liftRange = (lift: LiftInterval | null): string =>
  lift ? `${points(lift.low)} to ${points(lift.high)}` : '—';

/**
 * Whether a lift is significant, in words and an icon as well as colour: a significant lift or loss
 * is filled (green, red: white text on either meets AA in both themes), the rest outlined.
 */
export function LiftMark({ lift }: { lift: LiftInterval | null }) {
  const verdict = liftVerdict(lift);
  const mark = MARKS[verdict];
  const Icon = mark.icon;
  return (
    <Chip
      size="small"
      label={mark.label}
      icon={Icon ? <Icon fontSize="small" /> : undefined}
      variant={mark.background ? 'filled' : 'outlined'}
      data-lift={verdict}
      sx={[
        { fontWeight: 500 },
        mark.background
          ? { bgcolor: mark.background, color: '#fff', '& .MuiChip-icon': { color: '#fff' } }
          : {},
      ]}
    />
  );
}

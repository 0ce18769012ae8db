import type { PublisherApprovals } from '@adstudio/contract';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { formatCount } from '../../../lib/format';

/** The campaign, for whom, how many approvals of each status, and which ones are listed. */
export function ApprovalsHeader({
  data,
  all,
  onAll,
}: {
  data: PublisherApprovals;
  all: boolean;
  /** Absent while one approval is shown alone. */
  onAll?: ((all: boolean) => void) | undefined;
}) {
  const { counts } = data;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box>
        <Typography variant="h1">{data.campaign.name}</Typography>
        <Typography variant="subtitle1" component="p" color="textSecondary">
          Approvals for {data.media_entity.name}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" data-testid="approval-counts">
          {formatCount(counts.pending)} pending · {formatCount(counts.approved)} approved ·{' '}
          {formatCount(counts.rejected)} rejected
        </Typography>
        {onAll ? (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={all ? 'all' : 'pending'}
            onChange={(_event, value: string | null) => {
              if (value) onAll(value === 'all');
            }}
            aria-label="Approvals shown"
            sx={{ ml: { sm: 'auto' } }}
          >
            <ToggleButton value="pending">Pending only</ToggleButton>
            <ToggleButton value="all">All</ToggleButton>
          </ToggleButtonGroup>
        ) : null}
      </Box>
    </Box>
  );
}

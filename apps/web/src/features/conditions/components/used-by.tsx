import type { ConditionUse } from '@adstudio/contract';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatCounted } from '../../../lib/format';
import { usedByText } from '../condition-format';

/** The list's cell: "3 profiles · 1,204 rules", the profiles named in a tooltip. */
export function UsedByCell({ uses }: { uses: readonly ConditionUse[] }) {
  const text = usedByText(uses);
  if (uses.length === 0)
    return (
      <Typography variant="body2" color="textSecondary" component="span">
        {text}
      </Typography>
    );
  return (
    <Tooltip
      title={uses.map((use) => `${use.profile_name} (${formatCounted(use.rules, 'rule')})`).join(', ')}
      describeChild
    >
      <Typography variant="body2" component="span" tabIndex={0}>
        {text}
      </Typography>
    </Tooltip>
  );
}

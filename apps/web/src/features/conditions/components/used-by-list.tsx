import type { ConditionUse } from '@adstudio/contract';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { href } from '../../../config/paths';
import { formatCounted } from '../../../lib/format';
import { usedByText } from '../condition-format';

/** The view's "Used by": each profile (a link) with how many of its rules name the condition. */
export function UsedByList({ uses }: { uses: readonly ConditionUse[] }) {
  if (uses.length === 0)
    return (
      <Typography variant="body2" color="textSecondary">
        No rule uses this condition: it can be deleted.
      </Typography>
    );
  return (
    <>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        {usedByText(uses)}. Remove it from these feeds before deleting it.
      </Typography>
      <List dense disablePadding aria-label="Profiles using this condition">
        {uses.map((use) => (
          <ListItem key={use.profile_id} disableGutters>
            <ListItemText
              primary={
                <Link component={RouterLink} to={href('profile.view', { id: use.profile_id })}>
                  {use.profile_name}
                </Link>
              }
              secondary={formatCounted(use.rules, 'rule')}
            />
          </ListItem>
        ))}
      </List>
    </>
  );
}

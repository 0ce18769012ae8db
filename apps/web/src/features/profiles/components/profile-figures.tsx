import type { Profile } from '@adstudio/contract';
import ReportProblemIcon from '@mui/icons-material/ReportProblemOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Fact, Facts } from '../../../components/ui/facts';
import { href } from '../../../config/paths';
import { formatCount, formatDate, formatDateTime } from '../../../lib/format';
import { scheduleText } from '../profile-format';
import { issuesLinkIsError, issuesLinkText } from '../sync-story';

/** The link to the errors page, with the last sync's counts (and its failure, when it failed). */
export function IssuesLink({ profile }: { profile: Profile }) {
  return (
    <Button
      component={RouterLink}
      to={href('profile.errors.view', { id: profile.id })}
      size="small"
      variant="outlined"
      color={issuesLinkIsError(profile) ? 'error' : 'inherit'}
      startIcon={<ReportProblemIcon />}
    >
      {issuesLinkText(profile)}
    </Button>
  );
}

/** The feed's ingestion figures and schedule as of its last sync, and its columns. */
export function ProfileFigures({ profile }: { profile: Profile }) {
  return (
    <Box>
      <Facts label="Figures">
        <Fact term="Rows">{formatCount(profile.rows_total)}</Fact>
        <Fact term="Active rows">{formatCount(profile.rows_active)}</Fact>
        <Fact term="Rows with errors">{formatCount(profile.rows_with_errors)}</Fact>
        <Fact term="Warnings">{formatCount(profile.warnings_total)}</Fact>
        <Fact term="Last sync">{profile.synced_at ? formatDateTime(profile.synced_at) : 'Never'}</Fact>
        <Fact term="Next scheduled sync">
          {profile.next_sync_at
            ? `${formatDateTime(profile.next_sync_at)} · ${scheduleText(profile.schedule)}`
            : scheduleText(profile.schedule)}
        </Fact>
        <Fact term="Imported">{formatDate(profile.created_at)}</Fact>
      </Facts>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2.5, mb: 1 }}>
        Columns
      </Typography>
      {profile.columns.length ? (
        <Box
          component="ul"
          aria-label="Columns"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, p: 0, m: 0 }}
        >
          {profile.columns.map((column) => (
            <Chip key={column} component="li" size="small" variant="outlined" label={column} />
          ))}
        </Box>
      ) : (
        <Typography variant="body2" color="textSecondary">
          None yet: they come with the first good sync.
        </Typography>
      )}
    </Box>
  );
}

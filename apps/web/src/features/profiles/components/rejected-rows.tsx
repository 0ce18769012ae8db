import type { Profile } from '@adstudio/contract';
import SyncIcon from '@mui/icons-material/Sync';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import type { RefObject } from 'react';
import { Link as RouterLink } from 'react-router';
import { href } from '../../../config/paths';
import { fixableOffer, rejectedRows, rejectedText } from '../sync-story';
import { useStartSync } from './use-start-sync';

/**
 * The last sync's result when it left rows out, as its banner said it ("1 of 2 rows rejected"),
 * with the way to the errors; once conditions those rows name exist, the offer to sync them in.
 */
export function RejectedRows({
  profile,
  canWrite,
  allowLeave,
}: {
  profile: Profile;
  canWrite: boolean;
  allowLeave: RefObject<boolean>;
}) {
  const { start, running } = useStartSync(profile, allowLeave);
  if (!rejectedRows(profile)) return null;
  const fixable = profile.fixable_rows;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      data-testid="rejected-rows"
      action={
        fixable > 0 && canWrite ? (
          <Button
            color="inherit"
            size="small"
            variant="outlined"
            startIcon={<SyncIcon />}
            disabled={running}
            onClick={() => start(false)}
            sx={{ whiteSpace: 'nowrap' }}
          >
            Sync now
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{rejectedText(profile)}</AlertTitle>
      {fixable > 0
        ? fixableOffer(fixable, canWrite)
        : 'The rules leave them out until the feed is fixed and synced again.'}{' '}
      <Link component={RouterLink} to={href('profile.errors.view', { id: profile.id })} color="inherit">
        Open the errors
      </Link>
    </Alert>
  );
}

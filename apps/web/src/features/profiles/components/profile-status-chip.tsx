import type { ProfileStatus } from '@adstudio/contract';
import CheckIcon from '@mui/icons-material/Check';
import ErrorIcon from '@mui/icons-material/Error';
import FiberNewIcon from '@mui/icons-material/FiberNew';
import HelpIcon from '@mui/icons-material/Help';
import SyncIcon from '@mui/icons-material/Sync';
import CircularProgress from '@mui/material/CircularProgress';
import { StatusChip, type StatusDisplay } from '../../../components/ui/status-chip';

/** How each profile status shows (the spec leaves profile statuses' look open). */
export const PROFILE_STATUS_DISPLAY: Readonly<Record<ProfileStatus, StatusDisplay>> = {
  new: { colour: 'blue', iconName: 'fiber_new', icon: FiberNewIcon },
  syncing: { colour: 'blue', iconName: 'sync', icon: SyncIcon },
  synced: { colour: 'green', iconName: 'check', icon: CheckIcon },
  failed: { colour: 'red', iconName: 'error', icon: ErrorIcon },
  needs_confirmation: {
    colour: 'accent',
    iconName: 'help',
    icon: HelpIcon,
    label: 'needs confirmation',
  },
};

/** A profile's status; while it syncs, a small progress in place of its icon (determinate once counted). */
export function ProfileStatusChip({
  status,
  percent,
}: {
  status: ProfileStatus;
  /** How far a running sync is, when known. */
  percent?: number | null | undefined;
}) {
  const running = status === 'syncing';
  return (
    <StatusChip
      status={status}
      display={PROFILE_STATUS_DISPLAY[status]}
      icon={
        running ? (
          <CircularProgress
            size={12}
            thickness={6}
            color="inherit"
            variant={percent === null || percent === undefined ? 'indeterminate' : 'determinate'}
            value={percent ?? undefined}
            aria-label="Sync progress"
          />
        ) : undefined
      }
    />
  );
}

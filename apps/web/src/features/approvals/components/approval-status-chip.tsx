import type { ApprovalStatus } from '@adstudio/contract';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import { StatusChip, type StatusDisplay } from '../../../components/ui/status-chip';

const APPROVAL_DISPLAY: Readonly<Record<ApprovalStatus, StatusDisplay>> = {
  pending: { colour: 'blue', iconName: 'hourglass_empty', icon: HourglassEmptyIcon, label: 'Pending' },
  approved: { colour: 'green', iconName: 'check', icon: CheckIcon, label: 'Approved' },
  rejected: { colour: 'red', iconName: 'close', icon: CloseIcon, label: 'Rejected' },
};

/** An approval's verdict with the status colours of the rest of the app. */
export function ApprovalStatusChip({ status }: { status: ApprovalStatus }) {
  return <StatusChip status={status} display={APPROVAL_DISPLAY[status]} />;
}

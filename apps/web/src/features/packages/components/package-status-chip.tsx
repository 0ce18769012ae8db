import type { PackageStatus } from '@adstudio/contract';
import Chip from '@mui/material/Chip';

const DISPLAY: Readonly<Record<PackageStatus, { label: string; color: 'default' | 'success' | 'error' }>> = {
  uploaded: { label: 'Awaiting review', color: 'default' },
  approved: { label: 'Approved', color: 'success' },
  rejected: { label: 'Rejected', color: 'error' },
};

/** A version's review status: approved green, rejected red, not yet reviewed neutral. */
export function PackageStatusChip({ status }: { status: PackageStatus }) {
  const { label, color } = DISPLAY[status];
  return (
    <Chip
      size="small"
      label={label}
      color={color}
      variant={color === 'default' ? 'outlined' : 'filled'}
      data-status={status}
      sx={{ fontWeight: 500 }}
    />
  );
}

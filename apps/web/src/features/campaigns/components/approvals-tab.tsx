import type { CampaignApproval } from '@adstudio/contract';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useCampaignApprovals } from '../api/get-campaign-approvals';

const APPROVAL_COLOURS: Record<CampaignApproval['status'], 'default' | 'success' | 'error'> = {
  pending: 'default',
  approved: 'success',
  rejected: 'error',
};

/** Each publisher's verdict on each creative of the campaign. */
export function ApprovalsTab({ campaignId }: { campaignId: number }) {
  const approvals = useCampaignApprovals(campaignId);
  if (approvals.isPending) return <LoadingState label="Loading approvals…" />;
  if (approvals.isError) {
    return <ErrorState message={errorMessage(approvals.error)} onRetry={() => void approvals.refetch()} />;
  }
  if (approvals.data.length === 0) {
    return <EmptyState title="No approvals yet: publishers' verdicts on the creatives appear here." />;
  }
  return (
    <Table size="small" aria-label="Approvals">
      <TableHead>
        <TableRow>
          <TableCell>Creative</TableCell>
          <TableCell>Publisher</TableCell>
          <TableCell>Status</TableCell>
          <TableCell>Comment</TableCell>
          <TableCell>Decided</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {approvals.data.map((approval) => (
          <TableRow key={approval.id}>
            <TableCell>{approval.creative.name}</TableCell>
            <TableCell>{approval.media_entity.name}</TableCell>
            <TableCell>
              <Chip
                size="small"
                label={approval.status}
                color={APPROVAL_COLOURS[approval.status]}
                sx={{ textTransform: 'capitalize' }}
              />
            </TableCell>
            <TableCell>{approval.comment ?? '—'}</TableCell>
            <TableCell>{formatDateTime(approval.decided_at) || '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

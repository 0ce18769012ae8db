import type { CampaignApproval } from '@adstudio/contract';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { QueryView } from '../../../components/ui/query-view';
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
  return (
    <QueryView
      query={approvals}
      pending="Loading approvals…"
      isEmpty={(list) => list.length === 0}
      empty="No approvals yet: publishers' verdicts on the creatives appear here."
    >
      {(list) => <ApprovalsTable approvals={list} />}
    </QueryView>
  );
}

function ApprovalsTable({ approvals }: { approvals: CampaignApproval[] }) {
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
        {approvals.map((approval) => (
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

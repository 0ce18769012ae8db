import type { CampaignApproval } from '@adstudio/contract';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { QueryView } from '../../../components/ui/query-view';
import { ScrollTable } from '../../../components/ui/scroll-region';
import { formatDateTime } from '../../../lib/format';
import { useCampaignApprovals } from '../api/get-campaign-approvals';
import { ApprovalLinks } from './approval-links';
import { RequestApprovalsDialog } from './request-approvals-dialog';

const APPROVAL_COLOURS: Record<CampaignApproval['status'], 'default' | 'success' | 'error'> = {
  pending: 'default',
  approved: 'success',
  rejected: 'error',
};

/**
 * Each publisher's verdict on each creative of the campaign, the links publishers decide with, and
 * (for writers) a new request.
 */
export function ApprovalsTab({ campaignId, canWrite }: { campaignId: number; canWrite: boolean }) {
  const approvals = useCampaignApprovals(campaignId);
  const [requesting, setRequesting] = useState(false);
  const titleId = useId();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
      <Box component="section" aria-labelledby={titleId}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography id={titleId} variant="h3" component="h2">
            Verdicts
          </Typography>
          {canWrite ? (
            <Button
              variant="contained"
              startIcon={<SendIcon />}
              onClick={() => setRequesting(true)}
              sx={{ ml: 'auto' }}
              data-testid="request-approval"
            >
              Request approval
            </Button>
          ) : null}
        </Box>
        <QueryView
          query={approvals}
          pending="Loading approvals…"
          empty="No approvals yet: publishers' verdicts on the creatives appear here."
        >
          {(list) => <ApprovalsTable approvals={list} />}
        </QueryView>
      </Box>
      <ApprovalLinks campaignId={campaignId} canWrite={canWrite} />
      {canWrite ? (
        <RequestApprovalsDialog
          campaignId={campaignId}
          open={requesting}
          onClose={() => setRequesting(false)}
        />
      ) : null}
    </Box>
  );
}

function ApprovalsTable({ approvals }: { approvals: CampaignApproval[] }) {
  return (
    <ScrollTable label="Approvals">
      <TableHead>
        <TableRow>
          <TableCell>Creative</TableCell>
          <TableCell>Publisher</TableCell>
          <TableCell>Status</TableCell>
          <TableCell>Approver</TableCell>
          <TableCell>Comment</TableCell>
          <TableCell>Decided</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {approvals.map((approval) => (
          <TableRow key={approval.id} data-testid="campaign-approval">
            <TableCell>{approval.creative.name}</TableCell>
            <TableCell>{approval.media_entity.name}</TableCell>
            <TableCell>
              <Chip
                size="small"
                label={approval.status}
                color={APPROVAL_COLOURS[approval.status]}
                sx={{ textTransform: 'capitalize' }}
              />
              {approval.reset_reason ? (
                <Typography
                  variant="caption"
                  color="textSecondary"
                  component="div"
                  sx={{ mt: 0.5 }}
                  data-testid="approval-reset-reason"
                >
                  Back to pending: {approval.reset_reason}
                </Typography>
              ) : null}
            </TableCell>
            <TableCell>{approval.approver_name ?? '—'}</TableCell>
            <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{approval.comment ?? '—'}</TableCell>
            <TableCell>{formatDateTime(approval.decided_at) || '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollTable>
  );
}

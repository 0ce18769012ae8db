import type { ApprovalDecision, PublisherApproval } from '@adstudio/contract';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { AdFrame } from '../../../components/ui/ad-frame';
import { formatDateTime } from '../../../lib/format';
import { ApprovalStatusChip } from './approval-status-chip';
import { DecisionForm } from './decision-form';

/** The creative as it plays: the live render, else its fallback image, else a note. */
function CreativeView({ approval }: { approval: PublisherApproval }) {
  const { creative } = approval;
  if (approval.render_url)
    return (
      <AdFrame
        src={approval.render_url}
        width={creative.width}
        height={creative.height}
        title={`Ad: ${creative.name}`}
        maxHeight={480}
      />
    );
  if (approval.fallback_url)
    return (
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="body2" color="textSecondary">
          No version of this ad is approved yet, so it cannot play here; this is its fallback image.
        </Typography>
        <Box
          component="img"
          src={approval.fallback_url}
          alt={`Fallback image of ${creative.name}`}
          width={creative.width}
          height={creative.height}
          sx={{ maxWidth: '100%', height: 'auto', outline: 1, outlineColor: 'divider' }}
        />
      </Box>
    );
  return (
    <Typography variant="body2" color="textSecondary">
      Nothing of this ad is approved yet, so there is nothing to show. Come back later, or ask the team that
      shared the link.
    </Typography>
  );
}

/** Who decided, when, and why. */
function Verdict({ approval }: { approval: PublisherApproval }) {
  const verb = approval.status === 'approved' ? 'Approved' : 'Rejected';
  const by = approval.approver_name ? ` by ${approval.approver_name}` : '';
  const when = approval.decided_at ? ` on ${formatDateTime(approval.decided_at)}` : '';
  return (
    <Box sx={{ display: 'grid', gap: 1 }} data-testid="approval-verdict">
      <Typography variant="body2">
        {verb}
        {by}
        {when}.
      </Typography>
      {approval.comment ? (
        <Typography
          variant="body2"
          component="blockquote"
          sx={{ m: 0, pl: 1.5, borderLeft: 3, borderColor: 'divider', whiteSpace: 'pre-wrap' }}
        >
          {approval.comment}
        </Typography>
      ) : null}
    </Box>
  );
}

const CONFIRMATION: Record<ApprovalDecision['status'], string> = {
  approved: 'Approved: thank you.',
  rejected: 'Rejected: the team will see your comment.',
};

/**
 * One creative to decide on: its name, size and status, the ad itself, and the decision form —
 * or, once decided, the verdict with a way to change it.
 */
export function ApprovalCard({
  approval,
  approverName,
  leavesList,
  onDecide,
}: {
  approval: PublisherApproval;
  /** The name the last decision on the page was given with. */
  approverName: string | undefined;
  /** Decided approvals leave the list shown (pending only) once the confirmation has been seen. */
  leavesList: boolean;
  onDecide: (approval: PublisherApproval, decision: ApprovalDecision) => Promise<unknown>;
}) {
  const titleId = useId();
  const [changing, setChanging] = useState(false);
  const [confirmed, setConfirmed] = useState<ApprovalDecision['status'] | null>(null);
  const { creative } = approval;
  const deciding = approval.status === 'pending' || changing;

  const submit = async (decision: ApprovalDecision) => {
    await onDecide(approval, decision);
    setChanging(false);
    setConfirmed(decision.status);
  };

  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid="approval-card"
      data-approval-id={approval.id}
      data-status={approval.status}
      sx={{ p: 2, display: 'grid', gap: 2 }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h3" component="h2" id={titleId} sx={{ wordBreak: 'break-word' }}>
          {creative.name}
        </Typography>
        <ApprovalStatusChip status={approval.status} />
        <Typography variant="body2" color="textSecondary">
          {creative.width} × {creative.height}
        </Typography>
      </Box>
      {approval.reset_reason ? (
        <Alert severity="info" data-testid="approval-reset-reason">
          Back to pending: {approval.reset_reason}
        </Alert>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2.5,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <CreativeView approval={approval} />
        <Box sx={{ display: 'grid', gap: 2 }}>
          {confirmed ? (
            <Alert severity="success" role="status" data-testid="approval-confirmation">
              {CONFIRMATION[confirmed]}
              {leavesList ? ' It leaves this list in a moment.' : ''}
            </Alert>
          ) : null}
          {deciding ? (
            <DecisionForm
              creativeName={creative.name}
              approverName={approverName}
              initialComment={changing ? approval.comment : null}
              onSubmit={submit}
              onCancel={changing ? () => setChanging(false) : undefined}
            />
          ) : (
            <>
              <Verdict approval={approval} />
              <Box>
                <Button
                  variant="outlined"
                  startIcon={<EditIcon />}
                  onClick={() => {
                    setConfirmed(null);
                    setChanging(true);
                  }}
                  data-testid="change-decision"
                >
                  Change decision
                </Button>
              </Box>
            </>
          )}
        </Box>
      </Box>
    </Paper>
  );
}

import type { ApprovalDecision, PublisherApproval, PublisherApprovals } from '@adstudio/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { EmptyState, LoadingState } from '../../components/ui/states';
import { TokenLinkError } from '../../components/ui/token-link-error';
import { useDecideApproval, useRefreshPublisherApprovals } from './api/decide-approval';
import { usePublisherApprovals } from './api/get-publisher-approvals';
import { ApprovalCard } from './components/approval-card';
import { ApprovalsHeader } from './components/approvals-header';

/** How long a decided approval stays in the pending list with its confirmation. */
const LEAVE_AFTER_MS = 2500;

const linkPath = (token: string) => `/approvals/${encodeURIComponent(token)}`;

function ApprovalList({
  token,
  data,
  all,
  focused,
  onShowAll,
}: {
  token: string;
  data: PublisherApprovals;
  all: boolean;
  focused: number | null;
  onShowAll: () => void;
}) {
  const decide = useDecideApproval(token);
  const refresh = useRefreshPublisherApprovals(token);
  const [decisions, setDecisions] = useState(0);
  const [approverName, setApproverName] = useState<string>();
  const leaves = !all && focused === null;

  // Each decision restarts the wait: the decided cards leave together, after the last confirmation.
  useEffect(() => {
    if (!leaves || decisions === 0) return;
    const timer = setTimeout(() => void refresh(), LEAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [leaves, decisions, refresh]);

  const onDecide = (approval: PublisherApproval, body: ApprovalDecision) =>
    decide.mutateAsync({ token, approvalId: approval.id, body }).then(() => {
      setApproverName(body.name);
      setDecisions((count) => count + 1);
    });

  const shown = focused === null ? data.approvals : data.approvals.filter((item) => item.id === focused);

  if (focused !== null && shown.length === 0)
    return <Alert severity="info">This approval is not part of this link.</Alert>;
  if (shown.length === 0)
    return all ? (
      <EmptyState title="There is nothing to approve yet." />
    ) : (
      <EmptyState title="Nothing left to decide: every creative has your verdict.">
        {data.counts.approved + data.counts.rejected > 0 ? (
          <Button onClick={onShowAll}>Show all approvals</Button>
        ) : null}
      </EmptyState>
    );
  return (
    <Stack spacing={2.5}>
      {shown.map((approval) => (
        <ApprovalCard
          key={approval.id}
          approval={approval}
          approverName={approverName}
          leavesList={leaves}
          onDecide={onDecide}
        />
      ))}
    </Stack>
  );
}

/**
 * `/approvals/{token}` (and `/{approvalId}`): a publisher approves or rejects the creatives of a
 * campaign, each rendered live. No session — the token is the credential. With an approval id that
 * one is shown alone, with a link to the others.
 */
export function ApprovalsPage() {
  const { token = '', approvalId } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const focused = approvalId === undefined ? null : Number(approvalId);
  // One approval alone is found among all of them: it may be decided already.
  const all = focused !== null || searchParams.get('status') === 'all';
  const approvals = usePublisherApprovals(token, all);
  const showAll = (next: boolean) => setSearchParams(next ? { status: 'all' } : {});

  if (approvals.isPending) return <LoadingState label="Loading approvals…" />;
  if (approvals.isError) return <TokenLinkError error={approvals.error} what="the approvals" />;

  return (
    <Stack spacing={3}>
      <ApprovalsHeader data={approvals.data} all={all} onAll={focused === null ? showAll : undefined} />
      {focused === null ? (
        <Typography variant="body2" color="textSecondary">
          Approve or reject each creative. Your name and comment are shown to the campaign's team.
        </Typography>
      ) : (
        <Link component={RouterLink} to={linkPath(token)} sx={{ alignSelf: 'start' }}>
          All approvals
        </Link>
      )}
      <ApprovalList
        token={token}
        data={approvals.data}
        all={all}
        focused={focused}
        onShowAll={() => showAll(true)}
      />
    </Stack>
  );
}

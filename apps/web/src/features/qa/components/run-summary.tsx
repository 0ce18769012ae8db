import type { QaRun } from '@adstudio/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DisabledReason } from '../../../components/ui/disabled-reason';
import { Fact, Facts } from '../../../components/ui/facts';
import { LabelledProgress } from '../../../components/ui/labelled-progress';
import { formatCounted, formatDateTime } from '../../../lib/format';
import { useCancelQaRun } from '../api/qa-runs';
import { carriedOverText, findingsText, isOpen, runProgress, verdictText } from '../qa-format';

const SEVERITY = { passed: 'success', failed: 'error' } as const;

/** How a run ended, as the alert's colour says it. */
const endSeverity = (run: QaRun) =>
  run.status === 'finished' && run.verdict
    ? SEVERITY[run.verdict]
    : run.status === 'failed'
      ? 'error'
      : 'info';

/** A running run: checked / total in words and as a bar, and Cancel (asked first). */
function RunProgress({ creativeId, run, canRun }: { creativeId: number; run: QaRun; canRun: string | null }) {
  const cancel = useCancelQaRun();
  const [confirming, setConfirming] = useState(false);
  const progress = runProgress(run);
  return (
    <Box sx={{ display: 'grid', gap: 1 }} data-testid="qa-progress">
      <LabelledProgress
        doing={run.status === 'queued' ? 'Waiting for a free checker…' : 'Checking every variant…'}
        progress={progress}
        label="QA progress"
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <DisabledReason reason={canRun}>
          <Button
            variant="outlined"
            color="error"
            disabled={Boolean(canRun) || cancel.isPending}
            onClick={() => setConfirming(true)}
          >
            Cancel the run
          </Button>
        </DisabledReason>
        {run.errors || run.warnings ? (
          <Typography variant="body2" color="textSecondary">
            So far: {findingsText(run)}.
          </Typography>
        ) : null}
      </Box>
      <ConfirmDialog
        open={confirming}
        title="Cancel this QA run?"
        message="The variants checked so far keep their findings; the run gets no verdict."
        confirmLabel="Cancel the run"
        cancelLabel="Keep it running"
        destructive
        busy={cancel.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          cancel.mutate({ creativeId, runId: run.id }, { onSettled: () => setConfirming(false) })
        }
      />
    </Box>
  );
}

/**
 * One run at a glance: its progress while it runs; once it ended, its verdict, its counts, what it
 * carried over and whether it still covers the creative's current content.
 */
export function RunSummary({
  creativeId,
  run,
  canRun,
}: {
  creativeId: number;
  run: QaRun;
  canRun: string | null;
}) {
  const carried = carriedOverText(run);
  const facts = (
    <Facts label="About this run">
      <Fact term="Variants">{formatCounted(run.total, 'variant')}</Fact>
      {carried ? <Fact term="Carried over">{carried}</Fact> : null}
      <Fact term="Started">
        {formatDateTime(run.created_at)}
        {run.created_by ? ` by ${run.created_by.name}` : ''}
      </Fact>
      {run.finished_at ? <Fact term="Ended">{formatDateTime(run.finished_at)}</Fact> : null}
    </Facts>
  );
  if (isOpen(run))
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <RunProgress creativeId={creativeId} run={run} canRun={canRun} />
        {facts}
      </Box>
    );
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity={endSeverity(run)} data-testid="qa-verdict-detail">
        <AlertTitle>{verdictText(run)}</AlertTitle>
        {run.status === 'finished' ? `Findings: ${findingsText(run)}.` : null}
        {run.status === 'cancelled' ? 'The run was cancelled before it checked every variant.' : null}
        {run.status === 'failed' ? 'No variant was judged: run QA again once the cause is fixed.' : null}
      </Alert>
      {run.status === 'finished' ? (
        run.current ? (
          <Typography variant="body2">This run covers the creative’s current content.</Typography>
        ) : (
          <Alert severity="warning" variant="outlined">
            The creative changed since this run (its package, feed or template): its verdict no longer covers
            what would go live. Run QA again.
          </Alert>
        )
      ) : null}
      {facts}
    </Box>
  );
}

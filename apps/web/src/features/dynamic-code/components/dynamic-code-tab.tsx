import type { Creative, DynamicCode, DynamicCodeStatus } from '@adstudio/contract';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  dynamicCodeKeys,
  useDynamicCode,
  useGenerateDynamicCode,
  useMoveDynamicCodeStatus,
} from '../../../api/dynamic-code';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryView } from '../../../components/ui/query-view';
import { useCanAccess } from '../../../lib/access';
import { alertFromError, showAlert } from '../../../lib/alert';
import { errorStatus, isSessionExpiredError } from '../../../lib/api-client';
import { copyAndSay } from '../../../lib/copy-text';
import { formatDateTime } from '../../../lib/format';
import { generateAction, MOVE_LABELS, regenerateNeedsConfirm, STATUS_TEXT } from '../dynamic-code-rules';
import { CodeBlock } from './code-block';

function StatusMoves({ code, canWrite }: { code: DynamicCode; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const move = useMoveDynamicCodeStatus();
  if (!canWrite || !code.updated_at || code.allowed_statuses.length === 0) return null;
  const updatedAt = code.updated_at;

  const moveTo = (status: DynamicCodeStatus) =>
    move.mutate(
      { creativeId: code.creative_id, body: { status, updated_at: updatedAt } },
      {
        onSuccess: () => showAlert({ status: 200, data: { message: `Dynamic code marked as ${status}.` } }),
        onError: (error) => {
          if (isSessionExpiredError(error)) return;
          if (errorStatus(error) !== 409) return showAlert(alertFromError(error));
          void queryClient.invalidateQueries({ queryKey: dynamicCodeKeys.detail(code.creative_id) });
          showAlert({
            status: 409,
            data: {
              message:
                'The dynamic code was changed meanwhile and has been reloaded. Check it and try again.',
            },
          });
        },
      },
    );

  return (
    <>
      {code.allowed_statuses.map((status) => (
        <Button
          key={status}
          size="small"
          variant={status === 'generated' ? 'text' : 'outlined'}
          disabled={move.isPending}
          onClick={() => moveTo(status)}
        >
          {MOVE_LABELS[status]}
        </Button>
      ))}
    </>
  );
}

function GenerateButton({ code, canWrite }: { code: DynamicCode; canWrite: boolean }) {
  const generate = useGenerateDynamicCode();
  const [confirming, setConfirming] = useState(false);
  const label = generateAction(code, canWrite);
  if (!label) return null;

  const run = () =>
    generate.mutate(code.creative_id, {
      onSuccess: () =>
        showAlert({
          status: 200,
          data: { message: code.code ? 'Dynamic code regenerated.' : 'Dynamic code generated.' },
        }),
      onSettled: () => setConfirming(false),
    });

  return (
    <>
      <Button
        size="small"
        variant={code.code ? 'outlined' : 'contained'}
        startIcon={<AutorenewIcon />}
        disabled={generate.isPending}
        onClick={() => (regenerateNeedsConfirm(code.status) ? setConfirming(true) : run())}
      >
        {generate.isPending ? 'Generating…' : label}
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Regenerate the dynamic code?"
        message={`It is marked as ${code.status}. Regenerating puts it back to generated: the producer has to paste the new code into the package and it has to be checked again.`}
        confirmLabel="Regenerate"
        busy={generate.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={run}
      />
    </>
  );
}

function CopyButton({ code }: { code: string }) {
  const copy = () => copyAndSay(code, 'Dynamic code');
  return (
    <Button size="small" variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
      Copy
    </Button>
  );
}

function DynamicCodeView({ code, canWrite }: { code: DynamicCode; canWrite: boolean }) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        {code.status ? (
          <Chip
            size="small"
            label={STATUS_TEXT[code.status]}
            color={
              code.status === 'verified' ? 'success' : code.status === 'implemented' ? 'primary' : 'default'
            }
            variant={code.status === 'generated' ? 'outlined' : 'filled'}
            data-testid="dynamic-code-status"
            data-status={code.status}
          />
        ) : null}
        <Typography variant="body2" color="textSecondary" sx={{ flex: '1 1 240px' }}>
          {code.profile ? `From the profile "${code.profile.name}"` : 'No profile'}
          {code.generated_at ? ` · generated ${formatDateTime(code.generated_at)}` : ''}
          {code.columns.length ? ` · ${code.columns.length} columns` : ''}
        </Typography>
      </Box>
      {code.stale ? (
        <Alert severity="warning" data-testid="dynamic-code-stale">
          The profile's columns changed since this code was generated. Regenerate it and paste the new code
          into the package.
        </Alert>
      ) : null}
      {code.message ? (
        <Alert severity="info" data-testid="dynamic-code-message">
          {code.message}
        </Alert>
      ) : null}
      {code.code === null && !code.message && code.profile ? (
        <Alert severity="info">No code has been generated for this creative yet.</Alert>
      ) : null}
      {code.code !== null ? <CodeBlock code={code.code} label="Dynamic code" /> : null}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {code.code !== null ? <CopyButton code={code.code} /> : null}
        <StatusMoves code={code} canWrite={canWrite} />
        <GenerateButton code={code} canWrite={canWrite} />
      </Box>
      {code.code !== null ? (
        <Typography variant="body2" color="textSecondary">
          Paste it into the package's <code>index.html</code> before its own scripts; it reads the feed's
          first row for testing, and the ad server fills the same object when the ad runs.
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * The JavaScript a producer pastes into the package to read the creative's dynamic content, with
 * its status (generated → implemented → verified). Writes are creative edits (docs/design.md §6).
 */
export function DynamicCodeTab({ creative }: { creative: Creative }) {
  const canWrite = useCanAccess('creatives', 'write');
  const code = useDynamicCode(creative.id);
  return (
    <QueryView query={code} pending="Loading the dynamic code…" error="The dynamic code could not be loaded.">
      {(data) => <DynamicCodeView code={data} canWrite={canWrite} />}
    </QueryView>
  );
}

import type { Package, PackageStatus } from '@adstudio/contract';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { isUnpacking, packagesApi } from '../../../api/packages';
import { DisabledReason } from '../../../components/ui/disabled-reason';
import { alertFromError, showAlert } from '../../../lib/alert';
import { errorStatus, isSessionExpiredError } from '../../../lib/api-client';
import { formatBytes, formatDateTime } from '../../../lib/format';
import { contentsText, processingText, reviewActions } from '../package-rules';
import { PackageFindings } from './package-findings';
import { PackageNotes } from './package-notes';
import { PackageStatusChip } from './package-status-chip';

const REVIEWED: Readonly<Record<PackageStatus, string>> = {
  approved: 'approved',
  rejected: 'rejected',
  uploaded: 'put back for review',
};

function Processing({ pkg }: { pkg: Package }) {
  if (isUnpacking(pkg)) {
    return (
      <Box component="span" sx={{ display: 'inline-flex', gap: 0.75, alignItems: 'center' }}>
        <CircularProgress size={12} aria-hidden />
        {processingText(pkg)}
      </Box>
    );
  }
  return (
    <Box component="span" sx={pkg.processing === 'failed' ? { color: 'error.main' } : undefined}>
      {processingText(pkg)}
    </Box>
  );
}

/** Approve and Reject, as far as this user may; a disabled Approve says why next to it. */
function ReviewButtons({ pkg, canWrite }: { pkg: Package; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const update = packagesApi.useUpdate();
  const reasonId = useId();
  const actions = reviewActions(pkg, canWrite);

  const review = (status: PackageStatus) =>
    update.mutate(
      { parentId: pkg.creative_id, id: pkg.id, body: { status, updated_at: pkg.updated_at } },
      {
        onSuccess: (saved) =>
          showAlert({ status: 200, data: { message: `Version ${saved.version} ${REVIEWED[status]}.` } }),
        onError: (error) => {
          if (isSessionExpiredError(error)) return;
          if (errorStatus(error) !== 409) return showAlert(alertFromError(error));
          void queryClient.invalidateQueries({ queryKey: packagesApi.keys.list(pkg.creative_id) });
          showAlert({
            status: 409,
            data: {
              message: `Version ${pkg.version} was changed by someone else meanwhile and has been reloaded. Check it and try again.`,
            },
          });
        },
      },
    );

  const { approve, reject } = actions;
  const approveReason = approve.offered ? approve.reason : null;
  return (
    <>
      {approve.offered ? (
        <DisabledReason reason={approveReason && `Cannot be approved: ${approveReason}`}>
          <Button
            size="small"
            variant="contained"
            color="success"
            startIcon={<CheckIcon />}
            disabled={approveReason !== null || update.isPending}
            aria-describedby={approveReason ? reasonId : undefined}
            onClick={() => review('approved')}
          >
            Approve
          </Button>
        </DisabledReason>
      ) : null}
      {reject.offered ? (
        <Button
          size="small"
          variant="outlined"
          color="error"
          startIcon={<CloseIcon />}
          disabled={update.isPending}
          onClick={() => review('rejected')}
        >
          Reject
        </Button>
      ) : null}
      {approveReason ? (
        <Typography id={reasonId} variant="caption" color="textSecondary" data-testid="approve-reason">
          Cannot be approved: {approveReason}
        </Typography>
      ) : null}
    </>
  );
}

/**
 * One uploaded version: what it is (file, who and when, sizes), how far unpacking is, its review
 * status and findings, its notes, and its actions (preview once it renders, approve, reject).
 */
export function PackageVersion({
  pkg,
  canWrite,
  onPreview,
}: {
  pkg: Package;
  canWrite: boolean;
  onPreview: (pkg: Package) => void;
}) {
  const titleId = useId();
  const facts = [
    `Uploaded${pkg.created_by ? ` by ${pkg.created_by.name}` : ''} ${formatDateTime(pkg.created_at)}`,
    formatBytes(pkg.size),
    contentsText(pkg, formatBytes),
  ].filter(Boolean);
  return (
    <Card
      component="li"
      aria-labelledby={titleId}
      data-testid="package-version"
      data-version={pkg.version}
      data-processing={pkg.processing}
      data-status={pkg.status}
      sx={{ p: 2, display: 'grid', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={titleId} variant="h3" component="h3" sx={{ display: 'flex', gap: 1, minWidth: 0 }}>
          <span>Version {pkg.version}</span>
          <Box
            component="span"
            sx={{ fontWeight: 400, color: 'text.secondary', overflowWrap: 'anywhere' }}
            title={pkg.original_name}
          >
            {pkg.original_name}
          </Box>
        </Typography>
        <PackageStatusChip status={pkg.status} />
        <Typography variant="body2" color="textSecondary" data-testid="package-processing">
          <Processing pkg={pkg} />
        </Typography>
      </Box>
      <Typography variant="body2" color="textSecondary">
        {facts.join(' · ')}
        {pkg.entry_file && pkg.entry_file !== 'index.html' ? ` · entry ${pkg.entry_file}` : ''}
      </Typography>
      {pkg.processing === 'failed' && pkg.processing_error ? (
        <Typography variant="body2" color="error">
          {pkg.processing_error}
        </Typography>
      ) : null}
      {pkg.processing === 'ready' && pkg.findings.length === 0 ? (
        <Typography variant="body2" color="success" data-testid="package-clean">
          No problems found.
        </Typography>
      ) : (
        <PackageFindings findings={pkg.findings} />
      )}
      <PackageNotes pkg={pkg} canWrite={canWrite} />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {pkg.preview_url ? (
          <Button
            size="small"
            variant="outlined"
            startIcon={<PlayCircleOutlineIcon />}
            onClick={() => onPreview(pkg)}
          >
            Preview
          </Button>
        ) : null}
        <ReviewButtons pkg={pkg} canWrite={canWrite} />
      </Box>
    </Card>
  );
}

import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import ErrorIcon from '@mui/icons-material/Error';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import ReplayIcon from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { formatBytes } from '../../lib/format';
import { canCancel, canRetry, isFinished, type QueuedUpload, queueSummary } from '../../lib/upload-queue';
import { useFileDrop } from '../../lib/use-file-drop';
import { type UploadQueueOptions, useUploadQueue } from '../../lib/use-upload-queue';

const percent = (fraction: number) => `${Math.round(fraction * 100)} %`;

function stageText(upload: QueuedUpload): string {
  switch (upload.stage) {
    case 'waiting':
      return 'Waiting';
    case 'uploading':
      return `Uploading… ${percent(upload.progress)}`;
    case 'claiming':
      return 'Checking the file…';
    case 'done':
      return 'Done';
    case 'failed':
      return `Failed: ${upload.error ?? 'the upload failed.'}`;
    case 'canceled':
      return 'Canceled';
  }
}

function StageIcon({ upload }: { upload: QueuedUpload }) {
  const sx = { mt: 0.25 };
  if (upload.stage === 'done') return <CheckCircleIcon color="success" sx={sx} aria-hidden />;
  if (upload.stage === 'failed') return <ErrorIcon color="error" sx={sx} aria-hidden />;
  if (upload.stage === 'canceled') return <CancelIcon color="disabled" sx={sx} aria-hidden />;
  if (upload.stage === 'waiting') return <HourglassEmptyIcon color="disabled" sx={sx} aria-hidden />;
  return <CloudUploadIcon color="primary" sx={sx} aria-hidden />;
}

function UploadRow({
  upload,
  onCancel,
  onRetry,
  onDismiss,
}: {
  upload: QueuedUpload;
  onCancel: (id: string) => void;
  onRetry: (id: string) => void;
  onDismiss: (id: string) => void;
}) {
  const { name, size } = upload.file;
  const stateId = useId();
  return (
    <ListItem
      divider
      data-testid="upload-row"
      data-stage={upload.stage}
      aria-label={name}
      aria-describedby={stateId}
      sx={{ gap: 1.5, alignItems: 'flex-start', px: 0 }}
    >
      <StageIcon upload={upload} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
          <Typography variant="body2" noWrap title={name} sx={{ fontWeight: 500, minWidth: 0 }}>
            {name}
          </Typography>
          <Typography variant="caption" color="textSecondary" sx={{ flexShrink: 0 }}>
            {formatBytes(size)}
          </Typography>
        </Box>
        <LinearProgress
          variant={upload.stage === 'claiming' ? 'indeterminate' : 'determinate'}
          value={upload.progress * 100}
          color={upload.stage === 'failed' ? 'error' : upload.stage === 'done' ? 'success' : 'primary'}
          aria-label={`Upload of ${name}`}
          sx={{ my: 0.75, borderRadius: 1 }}
        />
        <Typography
          id={stateId}
          variant="caption"
          color={upload.stage === 'failed' ? 'error' : 'text.secondary'}
          sx={{ display: 'block', overflowWrap: 'anywhere' }}
        >
          {stageText(upload)}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexShrink: 0 }}>
        {canRetry(upload) ? (
          <IconButton
            size="small"
            aria-label={`Retry ${name}`}
            title="Retry"
            onClick={() => onRetry(upload.id)}
          >
            <ReplayIcon fontSize="small" />
          </IconButton>
        ) : null}
        {canCancel(upload) ? (
          <IconButton
            size="small"
            aria-label={`Cancel ${name}`}
            title="Cancel"
            onClick={() => onCancel(upload.id)}
          >
            <CancelIcon fontSize="small" />
          </IconButton>
        ) : null}
        {isFinished(upload) ? (
          <IconButton
            size="small"
            aria-label={`Remove ${name} from the list`}
            title="Remove from the list"
            onClick={() => onDismiss(upload.id)}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        ) : null}
      </Box>
    </ListItem>
  );
}

/** Asks before closing or reloading the tab while files are still uploading. */
function useLeaveWarning(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [active]);
}

/**
 * Uploads many files at once: dropped on the zone or chosen with its button (keyboard users), each
 * with its own row (size, progress, stage, the server's reason when it fails), cancel while it
 * uploads and retry when it failed. Each file is claimed with `claim` once stored (lib/use-upload-queue.ts).
 */
export function UploadZone({
  label,
  hint,
  accept,
  claim,
  data,
}: {
  /** "Upload assets": the zone's name and the picker's. */
  label: string;
  /** What may be uploaded, e.g. "Images, videos and fonts, up to 100 MB each." */
  hint?: ReactNode;
  /** The file picker's filter (`image/*,video/*`); the server checks the bytes anyway. */
  accept?: string;
  claim: UploadQueueOptions['claim'];
  data?: UploadQueueOptions['data'];
}) {
  const uploads = useUploadQueue({ claim, data });
  const input = useRef<HTMLInputElement>(null);
  const headingId = useId();
  useLeaveWarning(uploads.busy);

  const { over, dropHandlers, frameSx } = useFileDrop(uploads.add);

  const done = uploads.queue.some((upload) => upload.stage === 'done');
  return (
    <Box>
      <Box
        role="group"
        aria-label={label}
        {...dropHandlers}
        sx={{
          ...frameSx,
          px: 2,
          py: 3,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 1,
          textAlign: 'center',
          transition: 'border-color 120ms, background-color 120ms',
        }}
      >
        <CloudUploadIcon sx={{ fontSize: 36, color: over ? 'primary.main' : 'text.secondary' }} aria-hidden />
        <Typography>{over ? 'Drop the files to upload them' : 'Drag files here, or'}</Typography>
        <Button variant="outlined" onClick={() => input.current?.click()}>
          Choose files
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={accept}
          aria-label={label}
          onChange={(event) => {
            if (event.target.files) uploads.add(event.target.files);
            // The same file may be chosen again (a retry after fixing it).
            event.target.value = '';
          }}
        />
        {hint ? (
          <Typography variant="body2" color="textSecondary">
            {hint}
          </Typography>
        ) : null}
      </Box>
      {uploads.queue.length ? (
        <Box component="section" aria-labelledby={headingId} sx={{ mt: 1.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography
              id={headingId}
              variant="body2"
              color="textSecondary"
              aria-live="polite"
              sx={{ flex: 1 }}
            >
              {queueSummary(uploads.queue)}
            </Typography>
            {done ? (
              <Button size="small" onClick={uploads.clearFinished}>
                Clear uploaded
              </Button>
            ) : null}
          </Box>
          <List dense aria-label="Uploads" sx={{ py: 0 }}>
            {uploads.queue.map((upload) => (
              <UploadRow
                key={upload.id}
                upload={upload}
                onCancel={uploads.cancel}
                onRetry={uploads.retry}
                onDismiss={uploads.dismiss}
              />
            ))}
          </List>
        </Box>
      ) : null}
    </Box>
  );
}

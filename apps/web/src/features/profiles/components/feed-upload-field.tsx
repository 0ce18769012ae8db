import type { ProfileCreateInput } from '@adstudio/contract';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { type Control, useController } from 'react-hook-form';
import { formatBytes } from '../../../lib/format';
import { isCanceled, uploadFile } from '../../../lib/upload';
import { useFileDrop } from '../../../lib/use-file-drop';
import { uploadFailure } from '../../../lib/use-upload-queue';

/** What the picker offers; the server checks the bytes anyway. */
const FEED_FILES = '.xlsx,.csv,.tsv';

interface Upload {
  file: File;
  progress: number;
  stage: 'uploading' | 'done' | 'failed';
  error?: string;
}

/**
 * The feed file: dropped or chosen (keyboard users), uploaded at once to signed storage with its
 * progress; the form then sends its `key` and `file_name`, which the server claims.
 */
export function FeedUploadField({
  control,
  disabled,
  current,
  onBusy,
}: {
  control: Control<ProfileCreateInput>;
  disabled: boolean;
  /** The file the profile reads now (editing). */
  current?: string | null | undefined;
  /** Whether a file is on its way (the form waits for it). */
  onBusy: (busy: boolean) => void;
}) {
  const key = useController({ control, name: 'key' });
  const fileName = useController({ control, name: 'file_name' });
  const [upload, setUpload] = useState<Upload | null>(null);
  const controller = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();

  useEffect(() => () => controller.current?.abort(), []);
  const busy = upload?.stage === 'uploading';
  useEffect(() => onBusy(busy), [busy, onBusy]);
  // Saved (the form is back to the profile as it is now): the file is the profile's, no longer news.
  const keyValue = key.field.value;
  useEffect(() => {
    if (!keyValue) setUpload((now) => (now?.stage === 'done' ? null : now));
  }, [keyValue]);

  const start = (files: FileList) => {
    const file = files[0];
    if (!file) return;
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    key.field.onChange('');
    fileName.field.onChange('');
    setUpload({ file, progress: 0, stage: 'uploading' });
    uploadFile(file, {
      signal: abort.signal,
      onProgress: (progress) => setUpload((now) => (now?.file === file ? { ...now, progress } : now)),
    }).then(
      (done) => {
        key.field.onChange(done.key);
        fileName.field.onChange(done.name);
        setUpload({ file, progress: 1, stage: 'done' });
      },
      (error: unknown) => {
        if (isCanceled(error)) return;
        setUpload({ file, progress: 0, stage: 'failed', error: uploadFailure(error, file.name) });
      },
    );
  };

  const { over, dropHandlers, frameSx } = useFileDrop(start, { disabled: disabled || busy });
  const error = key.fieldState.error?.message ?? fileName.fieldState.error?.message;

  if (disabled && !upload) {
    return (
      <Typography variant="body2">
        {current ? (
          <>
            Reads <strong>{current}</strong>.
          </>
        ) : (
          'No file yet.'
        )}
      </Typography>
    );
  }

  return (
    <Box>
      <Box
        role="group"
        aria-label="Feed file"
        aria-describedby={hintId}
        {...dropHandlers}
        sx={{
          ...frameSx,
          ...(error ? { borderColor: 'error.main' } : {}),
          px: 2,
          py: 2.5,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 1,
          textAlign: 'center',
        }}
      >
        <CloudUploadIcon sx={{ fontSize: 32, color: over ? 'primary.main' : 'text.secondary' }} aria-hidden />
        <Typography>{over ? 'Drop the file to upload it' : 'Drag the feed file here, or'}</Typography>
        <Button
          variant="outlined"
          disabled={disabled || busy}
          onClick={() => input.current?.click()}
          ref={key.field.ref}
        >
          {upload || current ? 'Choose another file' : 'Choose a file'}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept={FEED_FILES}
          aria-label="Feed file"
          onChange={(event) => {
            if (event.target.files) start(event.target.files);
            event.target.value = '';
          }}
        />
        <Typography id={hintId} variant="body2" color="textSecondary">
          An XLSX, CSV or TSV file, up to 100 MB; its first row is the header.
        </Typography>
      </Box>
      {upload ? (
        <Box sx={{ mt: 1.5 }} data-testid="feed-upload" data-stage={upload.stage}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            {upload.stage === 'done' ? (
              <CheckCircleIcon color="success" fontSize="small" aria-hidden />
            ) : null}
            <Typography variant="body2" noWrap sx={{ fontWeight: 500, minWidth: 0 }} title={upload.file.name}>
              {upload.file.name}
            </Typography>
            <Typography variant="caption" color="textSecondary" sx={{ flexShrink: 0 }}>
              {formatBytes(upload.file.size)}
            </Typography>
          </Box>
          <LinearProgress
            variant="determinate"
            value={upload.progress * 100}
            color={upload.stage === 'failed' ? 'error' : upload.stage === 'done' ? 'success' : 'primary'}
            aria-label={`Upload of ${upload.file.name}`}
            sx={{ my: 0.75, borderRadius: 1 }}
          />
          <Typography
            variant="caption"
            color={upload.stage === 'failed' ? 'error' : 'textSecondary'}
            aria-live="polite"
          >
            {upload.stage === 'uploading'
              ? `Uploading… ${Math.round(upload.progress * 100)} %`
              : upload.stage === 'done'
                ? 'Uploaded. It is read when you save.'
                : `Failed: ${upload.error}`}
          </Typography>
        </Box>
      ) : current ? (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          Reads <strong>{current}</strong> now. A new file replaces it when you save.
        </Typography>
      ) : null}
      {error ? (
        <FormHelperText error role="alert">
          {error}
        </FormHelperText>
      ) : null}
    </Box>
  );
}

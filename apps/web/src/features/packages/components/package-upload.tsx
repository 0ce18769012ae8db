import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { packagesApi } from '../../../api/packages';
import { showAlert } from '../../../lib/alert';
import { isCanceled, uploadFile } from '../../../lib/upload';
import { useFileDrop } from '../../../lib/use-file-drop';
import { uploadFailure } from '../../../lib/use-upload-queue';
import { looksLikeZip } from '../package-rules';
import { unpackProgress } from '../unpack-alerts';

type UploadState =
  | { stage: 'idle' }
  | { stage: 'uploading' | 'claiming'; name: string; progress: number }
  | { stage: 'failed'; name: string; error: string };

/**
 * Uploads one HTML5 zip as the creative's next version: dropped on the zone or chosen with its
 * button, sent through the Vapor flow (lib/upload.ts) with progress, then claimed. The new version
 * appears in the list at once and its unpacking is followed there. Leaving the tab aborts it.
 */
export function PackageUpload({
  creativeId,
  width,
  height,
}: {
  creativeId: number;
  /** The creative's size, which the zip's ad.size meta tag must match. */
  width: number;
  height: number;
}) {
  const create = packagesApi.useCreate();
  const [state, setState] = useState<UploadState>({ stage: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);
  const busy = state.stage === 'uploading' || state.stage === 'claiming';

  useEffect(() => () => controller.current?.abort(), []);
  // Closing or reloading the browser tab mid-upload asks first.
  useEffect(() => {
    if (!busy) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [busy]);

  const start = (files: FileList | null) => {
    if (busy || !files?.length) return;
    const file = files[0]!;
    if (files.length > 1 || !looksLikeZip(file)) {
      setState({
        stage: 'failed',
        name: file.name,
        error: files.length > 1 ? 'Upload one zip at a time.' : 'A package is a .zip file.',
      });
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    const { signal } = abort;
    setState({ stage: 'uploading', name: file.name, progress: 0 });
    uploadFile(file, {
      signal,
      onProgress: (progress) =>
        setState((current) => (current.stage === 'uploading' ? { ...current, progress } : current)),
    })
      .then((uploaded) => {
        setState({ stage: 'claiming', name: file.name, progress: 1 });
        return create.mutateAsync({
          parentId: creativeId,
          body: { key: uploaded.key, name: uploaded.name },
          signal,
        });
      })
      .then(
        (created) => {
          setState({ stage: 'idle' });
          showAlert(unpackProgress(created));
        },
        (error: unknown) => {
          if (isCanceled(error)) setState({ stage: 'idle' });
          else setState({ stage: 'failed', name: file.name, error: uploadFailure(error, file.name) });
        },
      );
  };

  const { over, dropHandlers, frameSx } = useFileDrop(start, { disabled: busy });

  return (
    <Box
      role="group"
      aria-label="Upload a package"
      aria-busy={busy}
      {...dropHandlers}
      sx={{
        ...frameSx,
        p: 2,
        display: 'grid',
        gap: 1.5,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <CloudUploadIcon sx={{ fontSize: 32, color: over ? 'primary.main' : 'text.secondary' }} aria-hidden />
        <Typography sx={{ flex: '1 1 240px' }}>
          {over ? 'Drop the zip to upload it' : 'Drag the HTML5 zip here, or'}
        </Typography>
        <Button variant="contained" onClick={() => input.current?.click()} disabled={busy}>
          Choose zip
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept=".zip,application/zip,application/x-zip-compressed"
          aria-label="Package zip"
          onChange={(event) => {
            start(event.target.files);
            // The same file may be chosen again (a retry after fixing it).
            event.target.value = '';
          }}
        />
      </Box>
      <Typography variant="body2" color="textSecondary">
        One zip per version: an <code>index.html</code> with{' '}
        <code>{`<meta name="ad.size" content="width=${width},height=${height}">`}</code> and a{' '}
        <code>clickTag</code>. Each upload becomes the next version.
      </Typography>
      {busy ? (
        <Box data-testid="package-upload" data-stage={state.stage}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0 }} title={state.name}>
              {state.stage === 'uploading'
                ? `Uploading ${state.name}… ${Math.round(state.progress * 100)} %`
                : `Checking ${state.name}…`}
            </Typography>
            {state.stage === 'uploading' ? (
              <Button size="small" onClick={() => controller.current?.abort()}>
                Cancel
              </Button>
            ) : null}
          </Box>
          <LinearProgress
            variant={state.stage === 'claiming' ? 'indeterminate' : 'determinate'}
            value={state.progress * 100}
            aria-label={`Upload of ${state.name}`}
            sx={{ mt: 0.75, borderRadius: 1 }}
          />
        </Box>
      ) : null}
      {state.stage === 'failed' ? (
        <Alert severity="error" onClose={() => setState({ stage: 'idle' })}>
          {state.name}: {state.error}
        </Alert>
      ) : null}
    </Box>
  );
}

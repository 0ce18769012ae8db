import type { Package } from '@adstudio/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { AdFrame } from '../../../components/ui/ad-frame';

/** The dialog's width class for a frame this wide (its padding included). */
const dialogWidth = (width: number) => (width > 852 ? 'lg' : width > 552 ? 'md' : 'sm');

/** One version rendered in the sandbox at the creative's size, with Replay. */
export function PackagePreviewDialog({
  pkg,
  size,
  onClose,
}: {
  pkg: Package | null;
  size: { width: number; height: number };
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog
      open={pkg !== null && pkg.preview_url !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={dialogWidth(size.width)}
    >
      <DialogTitle id={titleId}>
        {pkg ? `Preview of version ${pkg.version} · ${pkg.original_name}` : 'Preview'}
      </DialogTitle>
      <DialogContent>
        {pkg?.preview_url ? (
          <AdFrame
            key={pkg.id}
            src={pkg.preview_url}
            width={size.width}
            height={size.height}
            title={`Version ${pkg.version} of the ad`}
            maxHeight={Math.max(200, window.innerHeight - 260)}
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

import type { Asset, Creative } from '@adstudio/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { showAlert } from '../../../lib/alert';
import { useSetBackupImage } from '../api/set-backup-image';

/**
 * The one-step backup image (docs/decisions/0126): an image just uploaded at exactly the creative's
 * size is offered as its backup image right where it landed, with the call the asset cards use. A
 * creative without one is told so, since that is when it matters: nothing shows where the ad cannot play.
 */
export function BackupOffer({
  creative,
  asset,
  onClose,
}: {
  creative: Pick<Creative, 'id' | 'width' | 'height' | 'fallback_asset_id'>;
  asset: Pick<Asset, 'id' | 'name'>;
  onClose: () => void;
}) {
  const setBackup = useSetBackupImage();
  const size = `${creative.width} × ${creative.height}`;
  const none = creative.fallback_asset_id === null;
  return (
    <Alert severity={none ? 'warning' : 'info'} data-testid="backup-offer">
      {none
        ? `This creative has no backup image yet. "${asset.name}" is exactly ${size}: use it as the backup image?`
        : `"${asset.name}" is exactly ${size}: use it as the backup image instead of the current one?`}
      {/* Under the message, not beside it: a phone keeps the sentence whole. */}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
        <Button
          color="inherit"
          size="small"
          variant="outlined"
          disabled={setBackup.isPending}
          onClick={() =>
            setBackup.mutate(
              { creativeId: creative.id, assetId: asset.id },
              {
                onSuccess: () => {
                  showAlert({ status: 200, data: { message: `"${asset.name}" is now the backup image.` } });
                  onClose();
                },
              },
            )
          }
        >
          Use as backup image
        </Button>
        <Button color="inherit" size="small" onClick={onClose}>
          Not now
        </Button>
      </Stack>
    </Alert>
  );
}

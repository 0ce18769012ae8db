import { ASSET_RESTORE_DAYS, type Asset } from '@adstudio/contract';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import FileCopyIcon from '@mui/icons-material/FileCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { formatBytes, formatDate } from '../../../lib/format';
import { dimensionsText, typeText } from '../asset-format';
import { AssetThumbnail } from './asset-thumbnail';

/** What a card lets its user do; absent actions are not shown (no permission, not applicable). */
export interface AssetCardActions {
  onRename?: ((asset: Asset) => void) | undefined;
  onDelete?: ((asset: Asset) => void) | undefined;
  onRestore?: ((asset: Asset) => void) | undefined;
  /** Only for images of the creative's size. */
  onSetBackup?: ((asset: Asset) => void) | undefined;
}

/**
 * One asset: thumbnail (or its kind's icon), name, type, size and pixel size, marked when it is the
 * creative's backup image or a duplicate of another; its actions below.
 */
export function AssetCard({
  asset,
  isBackup,
  duplicateOf,
  busy,
  actions,
}: {
  asset: Asset;
  isBackup: boolean;
  /** The name of the asset this one repeats, when it does. */
  duplicateOf: string | null;
  busy: boolean;
  actions: AssetCardActions;
}) {
  const { onRename, onDelete, onRestore, onSetBackup } = actions;
  const deleted = asset.deleted_at !== null;
  const facts = [formatBytes(asset.size), dimensionsText(asset)].filter(Boolean).join(' · ');
  return (
    <Card
      component="li"
      aria-label={asset.name}
      data-testid="asset-card"
      data-backup={isBackup || undefined}
      sx={[
        { display: 'flex', flexDirection: 'column', minWidth: 0 },
        isBackup ? { borderColor: 'success.main', borderWidth: 2 } : {},
      ]}
    >
      <Box sx={{ position: 'relative' }}>
        <AssetThumbnail
          name={asset.name}
          kind={asset.kind}
          thumbnailUrl={asset.thumbnail_url}
          sx={{ aspectRatio: '4 / 3', opacity: deleted ? 0.6 : 1 }}
        />
        <Box
          sx={{
            position: 'absolute',
            top: 8,
            left: 8,
            right: 8,
            display: 'flex',
            gap: 0.5,
            flexWrap: 'wrap',
          }}
        >
          {isBackup ? <Chip size="small" color="success" icon={<StarIcon />} label="Backup image" /> : null}
          {duplicateOf !== null ? (
            <Chip
              size="small"
              color="warning"
              icon={<FileCopyIcon />}
              label="Duplicate"
              title={`The same file as "${duplicateOf}".`}
            />
          ) : null}
        </Box>
      </Box>
      <Box sx={{ px: 1.5, pt: 1, flex: 1, minWidth: 0 }}>
        <Typography variant="body2" noWrap title={asset.name} sx={{ fontWeight: 500 }}>
          {asset.name}
        </Typography>
        <Typography variant="caption" color="textSecondary" component="p">
          {typeText(asset)}
        </Typography>
        <Typography variant="caption" color="textSecondary" component="p">
          {facts}
        </Typography>
        {deleted ? (
          <Typography variant="caption" color="textSecondary" component="p">
            Deleted {formatDate(asset.deleted_at)}
            {asset.purge_at
              ? ` · restorable until ${formatDate(asset.purge_at)}`
              : ` · restorable for ${ASSET_RESTORE_DAYS} days`}
          </Typography>
        ) : null}
      </Box>
      {onSetBackup && !isBackup && !deleted ? (
        <Box sx={{ px: 1, pt: 0.5 }}>
          <Button
            size="small"
            startIcon={<StarBorderIcon />}
            onClick={() => onSetBackup(asset)}
            disabled={busy}
            aria-label={`Set ${asset.name} as backup image`}
          >
            Set as backup image
          </Button>
        </Box>
      ) : null}
      <Box
        sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 0.5, px: 1, py: 0.5 }}
      >
        {deleted ? (
          onRestore ? (
            <Button
              size="small"
              startIcon={<RestoreFromTrashIcon />}
              onClick={() => onRestore(asset)}
              disabled={busy}
              aria-label={`Restore ${asset.name}`}
            >
              Restore
            </Button>
          ) : null
        ) : (
          <>
            <IconButton
              size="small"
              component="a"
              href={asset.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Open ${asset.name}`}
              title="Open the file"
            >
              <OpenInNewIcon fontSize="small" />
            </IconButton>
            {onRename ? (
              <IconButton
                size="small"
                onClick={() => onRename(asset)}
                disabled={busy}
                aria-label={`Rename ${asset.name}`}
                title="Rename"
              >
                <EditIcon fontSize="small" />
              </IconButton>
            ) : null}
            {onDelete ? (
              <IconButton
                size="small"
                onClick={() => onDelete(asset)}
                disabled={busy}
                aria-label={`Delete ${asset.name}`}
                title="Delete"
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            ) : null}
          </>
        )}
      </Box>
    </Card>
  );
}

import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useBackupImage } from '../../../api/assets';
import { useCanAccess } from '../../../lib/access';

/** The creative's backup image: its thumbnail and name (its number for users who may not see assets). */
export function BackupImage({ assetId }: { assetId: number }) {
  const canSee = useCanAccess('assets', 'read');
  const asset = useBackupImage(assetId, canSee);
  const image = asset.data;
  if (!image) return <>{asset.isPending && canSee ? 'Loading…' : `Asset #${assetId}`}</>;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      {image.thumbnail_url ? (
        <Box
          component="img"
          src={image.thumbnail_url}
          alt={`Thumbnail of ${image.name}`}
          sx={{
            width: 64,
            height: 64,
            objectFit: 'contain',
            bgcolor: 'action.hover',
            borderRadius: 1,
            display: 'block',
          }}
        />
      ) : null}
      <span>
        {image.name}
        {image.width !== null && image.height !== null ? (
          <Typography component="span" variant="body2" color="textSecondary">
            {` · ${image.width} × ${image.height}`}
          </Typography>
        ) : null}
        {' · '}
        <Link component={RouterLink} to="?tab=assets">
          Change it in the assets tab
        </Link>
      </span>
    </Box>
  );
}

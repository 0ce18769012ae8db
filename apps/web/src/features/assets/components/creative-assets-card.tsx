import type { Asset, Creative } from '@adstudio/contract';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { StatusChip } from '../../../components/ui/status-chip';
import { href } from '../../../config/paths';
import { formatCounted } from '../../../lib/format';
import { AssetThumbnail } from './asset-thumbnail';

/** How many thumbnails a creative's card shows before "+N". */
export const STRIP_SIZE = 6;

/** One creative of a campaign: its name (linking to its assets), size, status and newest assets. */
export function CreativeAssetsCard({
  creative,
  assets,
}: {
  creative: Pick<Creative, 'id' | 'name' | 'width' | 'height' | 'status' | 'fallback_asset_id'>;
  /** Undefined while they load or when they could not be. */
  assets: readonly Asset[] | undefined;
}) {
  const titleId = useId();
  const shown = assets?.slice(0, STRIP_SIZE) ?? [];
  const more = (assets?.length ?? 0) - shown.length;
  const to = href('assets.creative', { id: creative.id });
  const count = assets === undefined ? '' : ` · ${formatCounted(assets.length, 'asset')}`;
  return (
    <Card component="li" aria-labelledby={titleId} sx={{ p: 2, display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} variant="h3" component="h2" noWrap title={creative.name}>
            <Link component={RouterLink} to={to}>
              {creative.name}
            </Link>
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {creative.width} × {creative.height}
            {count}
          </Typography>
        </Box>
        <StatusChip status={creative.status} />
      </Box>
      {assets === undefined ? null : shown.length ? (
        <Box
          component="ul"
          aria-label={`Newest assets of ${creative.name}`}
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 1,
            gridTemplateColumns: 'repeat(auto-fill, 64px)',
          }}
        >
          {shown.map((asset) => (
            <Box component="li" key={asset.id} title={asset.name}>
              <AssetThumbnail
                name={asset.name}
                kind={asset.kind}
                thumbnailUrl={asset.thumbnail_url}
                iconSize={28}
                sx={[
                  { width: 64, height: 64, borderRadius: 1 },
                  asset.id === creative.fallback_asset_id
                    ? { outline: 2, outlineColor: 'success.main', outlineOffset: -2 }
                    : {},
                ]}
              />
            </Box>
          ))}
          {more > 0 ? (
            <Box component="li">
              <Link
                component={RouterLink}
                to={to}
                aria-label={`${more} more assets of ${creative.name}`}
                sx={{
                  width: 64,
                  height: 64,
                  borderRadius: 1,
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: 'action.hover',
                  fontWeight: 500,
                }}
              >
                +{more}
              </Link>
            </Box>
          ) : null}
        </Box>
      ) : (
        <Typography variant="body2" color="textSecondary">
          No assets yet.
        </Typography>
      )}
    </Card>
  );
}

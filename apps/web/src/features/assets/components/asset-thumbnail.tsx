import type { AssetKind } from '@adstudio/contract';
import type { SvgIconComponent } from '@mui/icons-material';
import BrokenImageIcon from '@mui/icons-material/BrokenImage';
import FontDownloadIcon from '@mui/icons-material/FontDownload';
import ImageIcon from '@mui/icons-material/Image';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import MovieIcon from '@mui/icons-material/Movie';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useState } from 'react';

const KIND_ICONS: Readonly<Record<AssetKind, SvgIconComponent>> = {
  image: ImageIcon,
  video: MovieIcon,
  font: FontDownloadIcon,
  data: InsertDriveFileIcon,
};

/**
 * An asset's picture: its thumbnail (images), else an icon of its kind. A thumbnail that does not
 * load (its signed URL expired) shows a broken-image icon rather than the browser's.
 */
export function AssetThumbnail({
  name,
  kind = 'image',
  thumbnailUrl,
  iconSize = 40,
  decorative = false,
  sx,
}: {
  name: string;
  /** Beside the asset's name already (e.g. inside a link named by it): no text of its own. */
  decorative?: boolean;
  kind?: AssetKind;
  thumbnailUrl: string | null;
  iconSize?: number;
  sx?: SxProps<Theme>;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const broken = thumbnailUrl !== null && failed === thumbnailUrl;
  const Icon = broken ? BrokenImageIcon : KIND_ICONS[kind];
  return (
    <Box
      sx={[
        {
          display: 'grid',
          placeItems: 'center',
          overflow: 'hidden',
          bgcolor: 'action.hover',
          color: 'text.secondary',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {thumbnailUrl && !broken ? (
        <Box
          component="img"
          src={thumbnailUrl}
          alt={decorative ? '' : `Thumbnail of ${name}`}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(thumbnailUrl)}
          sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
        />
      ) : (
        <Icon
          sx={{ fontSize: iconSize }}
          {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': `${name} (${kind})` })}
        />
      )}
    </Box>
  );
}

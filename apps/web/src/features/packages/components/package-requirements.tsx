import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** What a package must hold to be approved and to count clicks (the server's checks, in words). */
export function PackageRequirements({ width, height }: { width: number; height: number }) {
  return (
    <Box sx={{ textAlign: 'left', maxWidth: 640, mx: 'auto' }}>
      <Typography variant="body2">The zip must hold:</Typography>
      <Box component="ul" sx={{ my: 0.5, pl: 3, '& li': { typography: 'body2', mb: 0.5 } }}>
        <li>
          an <code>index.html</code> at its top level (or in its one top folder);
        </li>
        <li>
          in that file, the ad size meta tag{' '}
          <code>
            {'<meta name="ad.size" content="width='}
            {width},height={height}
            {'">'}
          </code>
          ;
        </li>
        <li>
          a <code>clickTag</code> variable used for the click-through, e.g.{' '}
          <code>{'var clickTag = "https://…"; … window.open(clickTag);'}</code>
        </li>
      </Box>
      <Typography variant="body2" color="textSecondary">
        Scripts, styles, images and fonts should be inside the zip; other hosts are flagged.
      </Typography>
    </Box>
  );
}

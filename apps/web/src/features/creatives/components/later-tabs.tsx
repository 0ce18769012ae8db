import type { Creative } from '@adstudio/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { sizeText } from '../creative-format';

/** A tab whose content comes with a later release: what exists, then plainly what does not yet. */
function Later({ children, missing }: { children?: ReactNode; missing: string }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 720 }}>
      {children}
      <Alert severity="info">{missing}</Alert>
    </Box>
  );
}

export function AssetsTab({ creative }: { creative: Creative }) {
  return (
    <Later missing="Uploading and managing a creative's assets is not available yet; it comes with the assets release.">
      <Typography variant="body2">
        {creative.fallback_asset_id
          ? `Backup image: asset #${creative.fallback_asset_id}.`
          : 'No backup image yet — set it from the assets tab once assets can be uploaded.'}
      </Typography>
    </Later>
  );
}

export function PackagesTab({ creative }: { creative: Creative }) {
  return (
    <Later missing="Uploading HTML5 packages is not available yet; it comes with the packages release. No package has been uploaded for this creative.">
      <Typography variant="body2">
        A package for this creative must be {sizeText(creative.width, creative.height)} (its{' '}
        <code>ad.size</code> meta tag) and have an <code>index.html</code>.
      </Typography>
    </Later>
  );
}

export function DynamicCodeTab({ creative }: { creative: Creative }) {
  return (
    <Later missing="Dynamic code is generated from the creative's profile columns. Profiles come later, so there is no code to show yet.">
      <Typography variant="body2">
        {creative.profile_id ? `Profile: #${creative.profile_id}.` : 'This creative has no profile.'}
      </Typography>
    </Later>
  );
}

/** The ad's frame at its size (scaled down to fit), empty until a package can render in it. */
export function PreviewTab({ creative }: { creative: Creative }) {
  return (
    <Later missing="Nothing to render yet: the preview shows the newest approved package, and this creative has none. Preview links come with the packages release.">
      <Box
        role="img"
        aria-label={`Empty ${sizeText(creative.width, creative.height)} frame`}
        sx={{
          width: creative.width,
          maxWidth: '100%',
          aspectRatio: `${creative.width} / ${creative.height}`,
          maxHeight: 480,
          border: 2,
          borderStyle: 'dashed',
          borderColor: 'divider',
          borderRadius: 1,
          display: 'grid',
          placeItems: 'center',
          color: 'text.secondary',
        }}
      >
        {sizeText(creative.width, creative.height)}
      </Box>
    </Later>
  );
}

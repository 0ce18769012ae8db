import type { Creative } from '@adstudio/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useBackupImage } from '../../../api/assets';
import { packagesApi } from '../../../api/packages';
import { AdFrame } from '../../../components/ui/ad-frame';
import { Columns } from '../../../components/ui/columns';
import { SectionPanel } from '../../../components/ui/section-panel';
import { useCanAccess } from '../../../lib/access';
import { errorMessage } from '../../../lib/api-client';
import { newestApproved } from '../package-rules';
import { PreviewLink } from './preview-link';

const sizeText = (creative: Creative) => `${creative.width} × ${creative.height}`;

/**
 * The ad's place at its size (scaled down to fit), for when there is nothing to show in it — or
 * nothing yet: while loading it holds the room the ad will take, so nothing below it moves (a
 * click aimed at the simulator underneath must not land on the ad that just pushed it down).
 */
function EmptyFrame({ creative, loading = false }: { creative: Creative; loading?: boolean }) {
  return (
    <Box
      role="img"
      aria-label={loading ? `Loading the ${sizeText(creative)} ad` : `Empty ${sizeText(creative)} frame`}
      aria-busy={loading || undefined}
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
      {sizeText(creative)}
    </Box>
  );
}

/** The newest approved package, which is what renders (docs/design.md §5). */
function RenderedPackage({ creative }: { creative: Creative }) {
  const packages = packagesApi.useList(creative.id);
  const packagesTab = `?tab=packages`;
  if (packages.isPending)
    return (
      <>
        <Typography variant="body2" color="textSecondary">
          Loading packages…
        </Typography>
        <EmptyFrame creative={creative} loading />
      </>
    );
  if (packages.isError) {
    return <Alert severity="error">The packages could not be loaded. {errorMessage(packages.error)}</Alert>;
  }
  const approved = newestApproved(packages.data);
  if (!approved?.preview_url) {
    return (
      <>
        <Typography variant="body2" color="textSecondary">
          {packages.data.length
            ? 'No version is approved yet, so nothing renders: approve one on the '
            : 'No package has been uploaded yet, so nothing renders: upload the HTML5 zip on the '}
          <Link component={RouterLink} to={packagesTab}>
            Packages tab
          </Link>
          .
        </Typography>
        <EmptyFrame creative={creative} />
      </>
    );
  }
  return (
    <>
      <Typography variant="body2" color="textSecondary">
        Version {approved.version} ({approved.original_name}), the newest approved one.
      </Typography>
      <AdFrame
        key={approved.id}
        src={approved.preview_url}
        width={creative.width}
        height={creative.height}
        title="The ad as it renders"
      />
    </>
  );
}

function BackupImage({ creative }: { creative: Creative }) {
  const image = useBackupImage(creative.fallback_asset_id);
  if (creative.fallback_asset_id === null) {
    return (
      <Typography variant="body2" color="textSecondary">
        No backup image yet: set one on the{' '}
        <Link component={RouterLink} to="?tab=assets">
          Assets tab
        </Link>
        . It is shown where the ad cannot play.
      </Typography>
    );
  }
  if (image.isPending)
    return (
      <Box
        role="img"
        aria-label="Loading the backup image"
        aria-busy
        sx={{
          width: creative.width,
          maxWidth: '100%',
          aspectRatio: `${creative.width} / ${creative.height}`,
        }}
      />
    );
  if (image.isError) {
    return <Alert severity="error">The backup image could not be loaded. {errorMessage(image.error)}</Alert>;
  }
  return (
    <Box
      component="img"
      src={image.data.url}
      alt={`Backup image: ${image.data.name}`}
      width={creative.width}
      height={creative.height}
      sx={{ maxWidth: '100%', height: 'auto', outline: 1, outlineColor: 'divider', justifySelf: 'start' }}
    />
  );
}

/** What the creative looks like: the ad as it renders, its backup image, and its shareable preview link. */
export function PreviewTab({ creative }: { creative: Creative }) {
  const canSeePackages = useCanAccess('assets', 'read');
  return (
    <Columns from="md" gap={2.5} alignTop sx={{ '& > :last-child': { gridColumn: '1 / -1' } }}>
      <SectionPanel title="Ad">
        {canSeePackages ? (
          <RenderedPackage creative={creative} />
        ) : (
          <>
            <Alert severity="info">Seeing a creative's packages needs the assets permission.</Alert>
            <EmptyFrame creative={creative} />
          </>
        )}
      </SectionPanel>
      <SectionPanel title="Backup image">
        {canSeePackages || creative.fallback_asset_id === null ? (
          <BackupImage creative={creative} />
        ) : (
          <Typography variant="body2">Backup image: asset #{creative.fallback_asset_id}.</Typography>
        )}
      </SectionPanel>
      <SectionPanel title="Preview link">
        <PreviewLink creativeId={creative.id} />
      </SectionPanel>
    </Columns>
  );
}

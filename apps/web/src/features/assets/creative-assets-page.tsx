import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { Link as RouterLink, useParams } from 'react-router';
import { creativesApi } from '../../api/creatives';
import { PageHeader } from '../../components/ui/page-header';
import { ErrorState, LoadingState } from '../../components/ui/states';
import { StatusChip } from '../../components/ui/status-chip';
import { href } from '../../config/paths';
import { useCanAccess } from '../../lib/access';
import { errorMessage, errorStatus } from '../../lib/api-client';
import { parseRouteId } from '../../lib/route-id';
import { useItemOrLeave } from '../../lib/use-item-or-leave';
import { AssetsTrail } from './components/assets-trail';
import { CreativeAssets } from './components/creative-assets';

/**
 * `/assets/creative/{id}`: one creative's assets with uploads, rename, delete, restore and the
 * backup image. A creative the server cannot find goes back to the overview (spec section 8); one
 * this user may not read (no creatives permission) still shows its assets, without a backup image.
 */
export function CreativeAssetsPage() {
  const id = parseRouteId(useParams().id);
  const { item: creative, notFound } = useItemOrLeave(
    id,
    creativesApi.useItem,
    creativesApi.keys,
    href('assets.view'),
  );
  const canReadCreatives = useCanAccess('creatives', 'read');

  if (notFound || id === null || creative.isPending) return <LoadingState label="Loading creative…" />;
  if (creative.isError && errorStatus(creative.error) !== 403) {
    return (
      <ErrorState
        message={`The creative could not be loaded. ${errorMessage(creative.error)}`}
        onRetry={() => void creative.refetch()}
      />
    );
  }
  const data = creative.data;
  const name = data?.name ?? `Creative #${id}`;
  return (
    <Box>
      <AssetsTrail campaign={data?.campaign} current={name} />
      <PageHeader
        title={name}
        subtitle={
          data ? (
            <Box
              component="span"
              sx={{ display: 'inline-flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}
            >
              <StatusChip status={data.status} />
              <span>
                {data.width} × {data.height}
              </span>
              {canReadCreatives ? (
                <Link component={RouterLink} to={href('creative.view', { id: data.id })}>
                  Open the creative
                </Link>
              ) : null}
            </Box>
          ) : undefined
        }
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <CreativeAssets creativeId={id} creative={data} />
      </Paper>
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink, useParams } from 'react-router';
import { campaignKeys } from '../../api/campaign-keys';
import { useCampaignCreatives } from '../../api/creatives';
import { CardGrid } from '../../components/ui/card-grid';
import { PageHeader } from '../../components/ui/page-header';
import { QueryView } from '../../components/ui/query-view';
import { LoadingState } from '../../components/ui/states';
import { href } from '../../config/paths';
import { useCanAccess } from '../../lib/access';
import { errorMessage } from '../../lib/api-client';
import { formatCounted } from '../../lib/format';
import { parseRouteId } from '../../lib/route-id';
import { useItemOrLeave } from '../../lib/use-item-or-leave';
import { useCampaignHeading } from './api/get-campaign';
import { useCampaignAssets } from './api/get-campaign-assets';
import { groupByCreative } from './asset-format';
import { AssetsTrail } from './components/assets-trail';
import { CreativeAssetsCard } from './components/creative-assets-card';

/**
 * `/assets/campaign/{id}`: the campaign's creatives, each with its newest assets, linking to its
 * assets page. A campaign the server cannot find goes back to the overview (spec section 8).
 */
export function CampaignCreativesPage() {
  const id = parseRouteId(useParams().id);
  const { item: campaign, notFound } = useItemOrLeave(
    id,
    useCampaignHeading,
    campaignKeys,
    href('assets.view'),
  );
  const creatives = useCampaignCreatives(id ?? 0, id !== null);
  const assets = useCampaignAssets(id ?? 0, id !== null);
  const canReadCampaigns = useCanAccess('campaigns', 'read');

  if (notFound || id === null) return <LoadingState label="Loading campaign…" />;
  const name = campaign.data?.name ?? `Campaign #${id}`;
  const groups = assets.data ? groupByCreative(assets.data.data) : undefined;
  return (
    <Box>
      <AssetsTrail current={name} />
      <PageHeader
        title={name}
        subtitle={
          <Box component="span" sx={{ display: 'inline-flex', gap: 1.5, flexWrap: 'wrap' }}>
            <span>
              {creatives.data ? formatCounted(creatives.data.meta.total, 'creative') : 'Creatives'}
              {assets.data ? ` · ${formatCounted(assets.data.meta.total, 'asset')}` : ''}
            </span>
            {canReadCampaigns ? (
              <Link component={RouterLink} to={href('campaign.view', { id })}>
                Open the campaign
              </Link>
            ) : null}
          </Box>
        }
      />
      {assets.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          The assets could not be loaded. {errorMessage(assets.error)}
        </Alert>
      ) : null}
      <QueryView query={creatives} noun="creatives" empty="This campaign has no creatives yet.">
        {(list) => (
          <CardGrid label="Creatives" minWidth={320}>
            {list.data.map((creative) => (
              <CreativeAssetsCard
                key={creative.id}
                creative={creative}
                assets={groups ? (groups.get(creative.id) ?? []) : undefined}
              />
            ))}
          </CardGrid>
        )}
      </QueryView>
    </Box>
  );
}

import type { Campaign } from '@adstudio/contract';
import Link from '@mui/material/Link';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router';
import { useLiveCreativesOf } from '../../../api/creatives';
import { CampaignNotLiveAlert } from '../../../components/ui/campaign-not-live-alert';
import { href } from '../../../config/paths';

/**
 * A campaign that is not live while some of its creatives are: their tags still serve (decision
 * 0119). Names the first few, linked; nothing while the campaign is live or none of them is.
 */
export function LiveCreativesAlert({ campaign }: { campaign: Pick<Campaign, 'id' | 'status'> }) {
  const notLive = campaign.status !== 'live';
  const live = useLiveCreativesOf(campaign.id, notLive).data;
  if (!notLive || !live || live.data.length === 0) return null;
  const total = Math.max(live.meta.total, live.data.length);
  const more = total - live.data.length;
  return (
    <CampaignNotLiveAlert
      title="Live creatives in a campaign that is not live"
      campaignStatus={campaign.status}
      stop={total === 1 ? 'the creative' : 'those creatives'}
    >
      This campaign is {campaign.status}, but{' '}
      {total === 1 ? 'one of its creatives is' : `${total} of its creatives are`} live, and their tags still
      serve them:{' '}
      {live.data.map((creative, index) => (
        <Fragment key={creative.id}>
          {index > 0 ? ', ' : null}
          <Link component={RouterLink} to={href('creative.view', { id: creative.id })}>
            {creative.name}
          </Link>
        </Fragment>
      ))}
      {more > 0 ? ` and ${more} more` : null}.
    </CampaignNotLiveAlert>
  );
}

import { type Creative, type Status, statusPath } from '@adstudio/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { href } from '../../config/paths';

/** "move the campaign to live (next: quality assurance)": the campaign's way back, in words. */
export function campaignToLive(campaignStatus: Status): string {
  const next = statusPath(campaignStatus, 'live')?.[1];
  return `move the campaign to live${next && next !== 'live' ? ` (next: ${next})` : ''}`;
}

/**
 * A live creative's tags serve whatever its campaign's status (decision 0119): when the campaign is
 * not live, this says so, what the tags do, and the two ways out — the creative's and the campaign's.
 */
export function CampaignNotLiveAlert({
  title,
  campaignStatus,
  stop,
  children,
}: {
  title: string;
  campaignStatus: Status;
  /** Who to move to finished to stop the tags: "the creative", "those creatives". */
  stop: string;
  /** What is live in which campaign, and that its tags still serve. */
  children: ReactNode;
}) {
  return (
    <Alert severity="warning" variant="outlined" role="note">
      <AlertTitle>{title}</AlertTitle>
      {children} To stop them, move {stop} to finished. To keep them, {campaignToLive(campaignStatus)}.
    </Alert>
  );
}

/** A campaign by name, linking to it. */
export const CampaignLink = ({ campaign }: { campaign: Pick<Creative['campaign'], 'id' | 'name'> }) => (
  <Link component={RouterLink} to={href('campaign.view', { id: campaign.id })}>
    {campaign.name}
  </Link>
);

/** On a live creative whose campaign is not live (its page, its Tags tab); nothing otherwise. */
export function CreativeCampaignAlert({ creative }: { creative: Pick<Creative, 'status' | 'campaign'> }) {
  const { campaign } = creative;
  if (creative.status !== 'live' || campaign.status === 'live') return null;
  return (
    <CampaignNotLiveAlert
      title="Its campaign is not live"
      campaignStatus={campaign.status}
      stop="the creative"
    >
      Its campaign, <CampaignLink campaign={campaign} />, is {campaign.status}, but this creative is live: its
      tags still serve it.
    </CampaignNotLiveAlert>
  );
}

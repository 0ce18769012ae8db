import type { Campaign } from '@adstudio/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { type ReactNode, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { campaignsApi } from '../../api/campaigns';
import { HistoryList } from '../../components/ui/history-list';
import { ItemPage } from '../../components/ui/item-page';
import { PageHeader } from '../../components/ui/page-header';
import { ResourceActions } from '../../components/ui/resource-actions';
import { StatusChip } from '../../components/ui/status-chip';
import { StatusControl } from '../../components/ui/status-control';
import { StatusPath } from '../../components/ui/status-path';
import { ViewTabs } from '../../components/ui/view-tabs';
import { href } from '../../config/paths';
import { useCanAccess } from '../../lib/access';
import { parseTab } from '../../lib/route-id';
import { parseTimeframe, type Timeframe } from '../../lib/timeframe';
import { useNavigateTo } from '../../lib/use-navigate-to';
import { useCampaignApprovals } from './api/get-campaign-approvals';
import { campaignDuration, campaignTimeline } from './campaign-format';
import { ApprovalsTab } from './components/approvals-tab';
import { CreativesTab } from './components/creatives-tab';
import { DetailsTab } from './components/details-tab';
import { LiveCreativesAlert } from './components/live-creatives-alert';
import { SharingTab } from './components/sharing-tab';
import { useDecisionAlerts } from './decision-alerts';
import { TAB_LABELS, TABS, type ViewTab } from './view-state';

const campaignHref = (id: number) => href('campaign.view', { id });

function CampaignHistory({ campaignId }: { campaignId: number }) {
  return <HistoryList history={campaignsApi.useHistory(campaignId)} />;
}

/** The campaign's report for a timeframe, shown on its sharing tab (the app composes it from the reports feature). */
export type CampaignReportSlot = (campaignId: number, timeframe: Timeframe | null) => ReactNode;
/** The campaign's ad tags and trafficking sheet, its Tags tab (the app composes it from the ad tags feature). */
export type CampaignTagsSlot = (campaignId: number) => ReactNode;

function CampaignView({
  campaign,
  tab,
  timeframe,
  report,
  tags,
}: {
  campaign: Campaign;
  tab: ViewTab;
  timeframe: Timeframe | null;
  report: CampaignReportSlot | undefined;
  tags: CampaignTagsSlot | undefined;
}) {
  const canWrite = useCanAccess('campaigns', 'write');
  const [, setSearchParams] = useSearchParams();
  const go = useNavigateTo();
  const update = campaignsApi.useUpdate();
  const clone = campaignsApi.useClone();
  const remove = campaignsApi.useRemove();
  // Publishers decide on their own pages: whichever tab is open, their decisions are told.
  useDecisionAlerts(campaign, useCampaignApprovals(campaign.id).data);
  // The page's own navigation (after clone or delete) skips the unsaved-changes question.
  const allowLeave = useRef(false);
  const timeline = campaignTimeline(campaign.launch_date, campaign.end_date);
  const duration = campaignDuration(campaign.launch_date, campaign.end_date);

  const onTimeframe = (next: Timeframe | null) => {
    const search = { tab: 'sharing' };
    if (next) go('campaign.viewreport', { id: campaign.id, start: next.start, end: next.end }, search);
    else go('campaign.view', { id: campaign.id }, search);
  };

  return (
    <Box>
      <PageHeader
        title={campaign.name}
        subtitle={
          <Box
            component="span"
            sx={{ display: 'inline-flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}
          >
            <StatusChip status={campaign.status} />
            {timeline ? <span>{timeline}</span> : <span>No dates yet</span>}
            {duration ? <span>· {duration}</span> : null}
            {campaign.url ? (
              <Link href={campaign.url} target="_blank" rel="noopener noreferrer">
                {campaign.url}
              </Link>
            ) : null}
            {timeframe ? (
              <Chip
                size="small"
                variant="outlined"
                label={`Report ${campaignTimeline(timeframe.start, timeframe.end)}`}
                onDelete={() => onTimeframe(null)}
                data-testid="timeframe-chip"
              />
            ) : null}
          </Box>
        }
        actions={
          <>
            <StatusControl
              current={campaign.status}
              allowed={campaign.allowed_statuses}
              onMove={(status) => update.mutateAsync({ id: campaign.id, body: { status } })}
            />
            {canWrite ? (
              <ResourceActions
                noun="campaign"
                name={campaign.name}
                onClone={() => clone.mutateAsync(campaign.id)}
                onDelete={() => remove.mutateAsync(campaign.id)}
                viewHref={campaignHref}
                overview={href('campaigns.view')}
                allowLeave={allowLeave}
              />
            ) : null}
          </>
        }
      />
      <Box sx={{ display: 'grid', gap: 2, mb: 3 }}>
        <StatusPath current={campaign.status} />
        <LiveCreativesAlert campaign={campaign} />
      </Box>
      <ViewTabs
        tabs={TABS}
        labels={TAB_LABELS}
        value={tab}
        onChange={(next) => setSearchParams(next === 'details' && !timeframe ? {} : { tab: next })}
        label="Campaign sections"
      >
        {tab === 'details' ? (
          <DetailsTab campaign={campaign} readOnly={!canWrite} allowLeave={allowLeave} />
        ) : null}
        {tab === 'creatives' ? <CreativesTab campaignId={campaign.id} canWrite={canWrite} /> : null}
        {tab === 'tags' ? tags?.(campaign.id) : null}
        {tab === 'approvals' ? <ApprovalsTab campaignId={campaign.id} canWrite={canWrite} /> : null}
        {tab === 'sharing' ? (
          <SharingTab
            campaignId={campaign.id}
            canWrite={canWrite}
            timeframe={timeframe}
            onTimeframe={onTimeframe}
            report={report?.(campaign.id, timeframe)}
          />
        ) : null}
        {tab === 'history' ? <CampaignHistory campaignId={campaign.id} /> : null}
      </ViewTabs>
    </Box>
  );
}

/** One campaign, with URL-addressable tabs; with `start` and `end` it opens on that report timeframe. */
export function CampaignViewPage({
  report,
  tags,
}: {
  report?: CampaignReportSlot;
  tags?: CampaignTagsSlot;
} = {}) {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const timeframe = parseTimeframe(params.start, params.end);
  const tab = parseTab(searchParams.get('tab'), TABS, timeframe ? 'sharing' : 'details');
  return (
    <ItemPage section="campaigns" noun="campaign" api={campaignsApi} overview={href('campaigns.view')}>
      {(campaign) => (
        <CampaignView campaign={campaign} tab={tab} timeframe={timeframe} report={report} tags={tags} />
      )}
    </ItemPage>
  );
}

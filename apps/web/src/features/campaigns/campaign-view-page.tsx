import type { Campaign } from '@adstudio/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { ErrorState, LoadingState } from '../../components/ui/states';
import { StatusChip } from '../../components/ui/status-chip';
import { useCanAccess } from '../../lib/access';
import { errorMessage } from '../../lib/api-client';
import { useOpenItem } from '../../lib/current-item';
import { useNavigateTo } from '../../lib/use-navigate-to';
import { campaignDuration, campaignTimeline } from './campaign-format';
import { ApprovalsTab } from './components/approvals-tab';
import { CampaignActions } from './components/campaign-actions';
import { CreativesTab } from './components/creatives-tab';
import { DetailsTab } from './components/details-tab';
import { HistoryTab } from './components/history-tab';
import { SharingTab } from './components/sharing-tab';
import { StatusControl } from './components/status-control';
import { useCampaignOrLeave } from './use-campaign-or-leave';
import {
  parseCampaignId,
  parseTab,
  parseTimeframe,
  TAB_LABELS,
  TABS,
  type Timeframe,
  type ViewTab,
} from './view-state';

function CampaignView({
  campaign,
  tab,
  timeframe,
}: {
  campaign: Campaign;
  tab: ViewTab;
  timeframe: Timeframe | null;
}) {
  const canWrite = useCanAccess('campaigns', 'write');
  const [, setSearchParams] = useSearchParams();
  const go = useNavigateTo();
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
            <StatusControl campaign={campaign} />
            {canWrite ? <CampaignActions campaign={campaign} allowLeave={allowLeave} /> : null}
          </>
        }
      />
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_event, next: ViewTab) =>
            setSearchParams(next === 'details' && !timeframe ? {} : { tab: next })
          }
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Campaign sections"
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          {TABS.map((value) => (
            <Tab
              key={value}
              value={value}
              label={TAB_LABELS[value]}
              id={`campaign-tab-${value}`}
              aria-controls={`campaign-tabpanel-${value}`}
            />
          ))}
        </Tabs>
        <Box
          role="tabpanel"
          id={`campaign-tabpanel-${tab}`}
          aria-labelledby={`campaign-tab-${tab}`}
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          {tab === 'details' ? (
            <DetailsTab campaign={campaign} readOnly={!canWrite} allowLeave={allowLeave} />
          ) : null}
          {tab === 'creatives' ? <CreativesTab campaignId={campaign.id} /> : null}
          {tab === 'approvals' ? <ApprovalsTab campaignId={campaign.id} /> : null}
          {tab === 'sharing' ? (
            <SharingTab
              campaignId={campaign.id}
              canWrite={canWrite}
              timeframe={timeframe}
              onTimeframe={onTimeframe}
            />
          ) : null}
          {tab === 'history' ? <HistoryTab campaignId={campaign.id} /> : null}
        </Box>
      </Paper>
    </Box>
  );
}

/** One campaign, with URL-addressable tabs; with `start` and `end` it opens on that report timeframe. */
export function CampaignViewPage() {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const id = parseCampaignId(params.id);
  const timeframe = parseTimeframe(params.start, params.end);
  const tab = parseTab(searchParams.get('tab'), timeframe ? 'sharing' : 'details');
  const { campaign, notFound } = useCampaignOrLeave(id);
  useOpenItem('campaigns', id === null ? undefined : String(id), campaign.data?.name);

  if (notFound || campaign.isPending) return <LoadingState label="Loading campaign…" />;
  if (campaign.isError) {
    return (
      <ErrorState
        message={`The campaign could not be loaded. ${errorMessage(campaign.error)}`}
        onRetry={() => void campaign.refetch()}
      />
    );
  }
  return <CampaignView campaign={campaign.data} tab={tab} timeframe={timeframe} />;
}

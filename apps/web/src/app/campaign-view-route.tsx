import { lazy, Suspense } from 'react';
import { LoadingState } from '../components/ui/states';
import { CampaignViewPage } from '../features/campaigns/campaign-view-page';

/** The reports feature's view of the campaign, loaded with the sharing tab (it carries the chart). */
const CampaignOwnReport = lazy(() =>
  import('../features/reports/components/campaign-own-report').then((module) => ({
    default: module.CampaignOwnReport,
  })),
);

/** The ad tags feature's list of the campaign's tags, loaded with the Tags tab. */
const CampaignTagsTab = lazy(() =>
  import('../features/ad-tags/components/campaign-tags-tab').then((module) => ({
    default: module.CampaignTagsTab,
  })),
);

/**
 * `/campaigns/{id}` and `/campaigns/{id}/viewreport/{start}/{end}`: the campaign, its Tags tab with
 * its tags, and its sharing tab with its report.
 */
export function CampaignViewRoute() {
  return (
    <CampaignViewPage
      report={(campaignId, timeframe) => (
        <Suspense fallback={<LoadingState label="Loading the report…" />}>
          <CampaignOwnReport campaignId={campaignId} timeframe={timeframe} />
        </Suspense>
      )}
      tags={(campaignId) => (
        <Suspense fallback={<LoadingState label="Loading tags…" />}>
          <CampaignTagsTab campaignId={campaignId} />
        </Suspense>
      )}
    />
  );
}

import type { Creative } from '@adstudio/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { type ReactNode, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { creativesApi } from '../../api/creatives';
import { CreativeCampaignAlert } from '../../components/ui/campaign-not-live-alert';
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
import { DetailsTab } from './components/details-tab';
import { CREATIVE_TAB_LABELS, CREATIVE_TABS, type CreativeTab, sizeText } from './creative-format';

const creativeHref = (id: number) => href('creative.view', { id });

function CreativeHistory({ creativeId }: { creativeId: number }) {
  return <HistoryList history={creativesApi.useHistory(creativeId)} />;
}

/** What another section shows in a tab of the creative (composed by the app, app/creative-view-route.tsx). */
export type CreativeTabContent = (creative: Creative) => ReactNode;

/** The tabs other sections fill: assets, packages, dynamic code, the preview and the ad tags. */
export type SectionTabs = Readonly<Record<Exclude<CreativeTab, 'details' | 'history'>, CreativeTabContent>>;

function CreativeView({
  creative,
  tab,
  sectionTabs,
  statusAside,
}: {
  creative: Creative;
  tab: CreativeTab;
  sectionTabs: SectionTabs;
  statusAside?: CreativeTabContent | undefined;
}) {
  const canWrite = useCanAccess('creatives', 'write');
  const [, setSearchParams] = useSearchParams();
  const update = creativesApi.useUpdate();
  const clone = creativesApi.useClone();
  const remove = creativesApi.useRemove();
  // The page's own navigation (after clone or delete) skips the unsaved-changes question.
  const allowLeave = useRef(false);

  return (
    <Box>
      <PageHeader
        title={creative.name}
        subtitle={
          <Box
            component="span"
            sx={{ display: 'inline-flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}
          >
            <StatusChip status={creative.status} />
            <span>{sizeText(creative.width, creative.height)}</span>
            {/* Items wrap at a phone's width: the gap parts them, no separator that could open a line. */}
            <Link component={RouterLink} to={href('campaign.view', { id: creative.campaign.id })}>
              {creative.campaign.name}
            </Link>
          </Box>
        }
        actions={
          <>
            <StatusControl
              current={creative.status}
              allowed={creative.allowed_statuses}
              onMove={(status) => update.mutateAsync({ id: creative.id, body: { status } })}
            />
            {canWrite ? (
              <ResourceActions
                noun="creative"
                name={creative.name}
                onClone={() => clone.mutateAsync(creative.id)}
                onDelete={() => remove.mutateAsync(creative.id)}
                viewHref={creativeHref}
                overview={href('creatives.view')}
                allowLeave={allowLeave}
              />
            ) : null}
          </>
        }
      />
      <Box sx={{ display: 'grid', gap: 2, mb: 3 }}>
        <StatusPath current={creative.status} />
        {statusAside?.(creative)}
        {/* The Tags tab says it again where the tags are. */}
        {tab === 'tags' ? null : <CreativeCampaignAlert creative={creative} />}
      </Box>
      <ViewTabs
        tabs={CREATIVE_TABS}
        labels={CREATIVE_TAB_LABELS}
        value={tab}
        onChange={(next) => setSearchParams(next === 'details' ? {} : { tab: next })}
        label="Creative sections"
      >
        {tab === 'details' ? (
          <DetailsTab creative={creative} readOnly={!canWrite} allowLeave={allowLeave} />
        ) : null}
        {tab !== 'details' && tab !== 'history' ? sectionTabs[tab](creative) : null}
        {tab === 'history' ? <CreativeHistory creativeId={creative.id} /> : null}
      </ViewTabs>
    </Box>
  );
}

/**
 * One creative, with URL-addressable tabs; a 404 goes back to the overview (spec section 8). The
 * assets, packages, dynamic code and preview tabs come from their own sections, handed in by the app,
 * and so does what shows beside the way to live (`statusAside`: the QA verdict).
 */
export function CreativeViewPage({
  sectionTabs,
  statusAside,
}: {
  sectionTabs: SectionTabs;
  statusAside?: CreativeTabContent;
}) {
  const [searchParams] = useSearchParams();
  const tab = parseTab(searchParams.get('tab'), CREATIVE_TABS, 'details');
  return (
    <ItemPage section="creatives" noun="creative" api={creativesApi} overview={href('creatives.view')}>
      {(creative) => (
        <CreativeView creative={creative} tab={tab} sectionTabs={sectionTabs} statusAside={statusAside} />
      )}
    </ItemPage>
  );
}

import type { Campaign } from '@adstudio/contract';
import type { GridColDef } from '@mui/x-data-grid';
import { campaignListConfig, campaignsApi } from '../../api/campaigns';
import { dateColumn } from '../../components/ui/date-column';
import { type ListSource, ResourceListPage } from '../../components/ui/resource-list-page';
import { StatusChip } from '../../components/ui/status-chip';
import { href } from '../../config/paths';
import { campaignDays, campaignDuration, campaignTimeline } from './campaign-format';

const SOURCE: ListSource<Campaign> = campaignsApi;

/** The columns after the name; each `field` that is a sort key (CAMPAIGN_SORTS) sorts on the server. */
export const CAMPAIGN_COLUMNS: GridColDef<Campaign>[] = [
  {
    field: 'status',
    headerName: 'Status',
    width: 190,
    renderCell: ({ row }) => <StatusChip status={row.status} />,
  },
  {
    // Sorting the timeline sorts by launch date.
    field: 'launch_date',
    headerName: 'Timeline',
    flex: 1,
    minWidth: 200,
    valueGetter: (_value, row) => campaignTimeline(row.launch_date, row.end_date),
  },
  {
    // Sorted by the server's duration (end − launch in whole days, as shown; empty last).
    field: 'duration',
    headerName: 'Duration',
    description: 'Days from launch to end',
    width: 110,
    valueGetter: (_value, row) => campaignDays(row.launch_date, row.end_date),
    renderCell: ({ row }) => campaignDuration(row.launch_date, row.end_date),
  },
  dateColumn('updated_at', 'Updated'),
];

const campaignHref = (id: number) => href('campaign.view', { id });

/** The campaigns overview: filter, date, statuses, deleted ones, paging, sorting and bulk actions. */
export function CampaignsListPage() {
  return (
    <ResourceListPage
      title="Campaigns"
      noun="campaign"
      section="campaigns"
      config={campaignListConfig}
      source={SOURCE}
      columns={CAMPAIGN_COLUMNS}
      itemHref={campaignHref}
      createHref={href('campaigns.new')}
      filterPlaceholder="Name or URL"
      dateLabel="Running on"
      deleteNote="Campaigns with live creatives are kept; the others are deleted."
    />
  );
}

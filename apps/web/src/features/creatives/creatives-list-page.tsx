import type { Creative } from '@adstudio/contract';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import { creativeListConfig, creativesApi } from '../../api/creatives';
import { dateColumn } from '../../components/ui/date-column';
import { type ExtraFilters, type ListSource, ResourceListPage } from '../../components/ui/resource-list-page';
import { StatusChip } from '../../components/ui/status-chip';
import { href } from '../../config/paths';
import { CampaignFilterPicker } from './components/campaign-filter-picker';
import { SIZE_OPTIONS, sizeText } from './creative-format';

const SOURCE: ListSource<Creative> = creativesApi;

const COLUMNS: GridColDef<Creative>[] = [
  {
    field: 'campaign',
    headerName: 'Campaign',
    flex: 1.5,
    minWidth: 180,
    valueGetter: (_value, row) => row.campaign.name,
    renderCell: ({ row }) => (
      <Link
        component={RouterLink}
        to={href('campaign.view', { id: row.campaign.id })}
        underline="hover"
        color="inherit"
        title={row.campaign.name}
        sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {row.campaign.name}
      </Link>
    ),
  },
  {
    field: 'size',
    headerName: 'Size',
    width: 120,
    valueGetter: (_value, row) => sizeText(row.width, row.height),
  },
  {
    field: 'status',
    headerName: 'Status',
    width: 190,
    renderCell: ({ row }) => <StatusChip status={row.status} />,
  },
  dateColumn('updated_at', 'Updated'),
];

const creativeHref = (id: number) => href('creative.view', { id });

/** The list's own filters: the campaign (searched by name) and the size. */
const extraFilters: ExtraFilters = ({ values, onChange }) => (
  <>
    <CampaignFilterPicker
      value={values.campaign_id ? Number(values.campaign_id) : null}
      onChange={(id) => onChange('campaign_id', id ? String(id) : null)}
      size="small"
      sx={{ width: { xs: '100%', sm: 240 } }}
    />
    <TextField
      select
      size="small"
      label="Size"
      value={values.size ?? ''}
      onChange={(event) => onChange('size', event.target.value || null)}
      sx={{ width: { xs: '100%', sm: 220 } }}
    >
      <MenuItem value="">Any size</MenuItem>
      {SIZE_OPTIONS.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
      {values.size && !SIZE_OPTIONS.some((option) => option.value === values.size) ? (
        <MenuItem value={values.size}>{values.size.replace('x', ' × ')}</MenuItem>
      ) : null}
    </TextField>
  </>
);

/** The creatives overview: filter, statuses, campaign, size, deleted ones, paging, sorting and bulk actions. */
export function CreativesListPage() {
  return (
    <ResourceListPage
      title="Creatives"
      noun="creative"
      section="creatives"
      config={creativeListConfig}
      source={SOURCE}
      columns={COLUMNS}
      itemHref={creativeHref}
      createHref={href('creatives.new')}
      filterPlaceholder="Name"
      deleteNote="Live creatives are kept; the others are deleted."
      extraFilters={extraFilters}
    />
  );
}

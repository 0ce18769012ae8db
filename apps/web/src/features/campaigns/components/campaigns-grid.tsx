import type { Campaign, CampaignSort } from '@adstudio/contract';
import Link from '@mui/material/Link';
import {
  DataGrid,
  type GridColDef,
  type GridPaginationModel,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/ui/states';
import { StatusChip } from '../../../components/ui/status-chip';
import { href } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { campaignDays, campaignDuration, campaignTimeline } from '../campaign-format';
import { PAGE_SIZE_CHOICES, type SortOrder } from '../list-state';

const COLUMNS: GridColDef<Campaign>[] = [
  {
    field: 'name',
    headerName: 'Name',
    flex: 2,
    minWidth: 220,
    renderCell: ({ row }) => (
      <Link
        component={RouterLink}
        to={href('campaign.view', { id: row.id })}
        sx={{ fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        title={row.name}
      >
        {row.name}
      </Link>
    ),
  },
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
    field: 'duration',
    headerName: 'Duration',
    width: 110,
    sortable: false,
    valueGetter: (_value, row) => campaignDays(row.launch_date, row.end_date),
    renderCell: ({ row }) => campaignDuration(row.launch_date, row.end_date),
  },
  {
    field: 'updated_at',
    headerName: 'Updated',
    width: 130,
    valueFormatter: (value: string) => formatDate(value),
  },
];

const SORTABLE_COLUMNS = new Set<string>(['name', 'status', 'launch_date', 'updated_at']);

declare module '@mui/x-data-grid' {
  interface NoRowsOverlayPropsOverrides {
    filtered?: boolean;
  }
  interface NoResultsOverlayPropsOverrides {
    filtered?: boolean;
  }
}

function NoCampaigns({ filtered }: { filtered?: boolean }) {
  return <EmptyState title={filtered ? 'No campaigns match these filters.' : 'No campaigns yet.'} />;
}

export interface CampaignsGridProps {
  rows: Campaign[];
  total: number | undefined;
  loading: boolean;
  /** 0-based, as the grid counts. */
  page: number;
  pageSize: number;
  sortBy: CampaignSort | null;
  sortOrder: SortOrder | null;
  filtered: boolean;
  selection: GridRowSelectionModel;
  onSelection: (selection: GridRowSelectionModel) => void;
  onPagination: (model: GridPaginationModel) => void;
  onSort: (sortBy: CampaignSort | null, sortOrder: SortOrder | null) => void;
}

/** The overview's server-side grid: the server pages and sorts; the URL holds the state. */
export function CampaignsGrid(props: CampaignsGridProps) {
  // Stable models: a new object each render reads to the grid as a change, and a sort change
  // sends it back to the first page.
  const { sortBy, sortOrder, page, pageSize } = props;
  const sortModel = useMemo<GridSortModel>(
    () => (sortBy && SORTABLE_COLUMNS.has(sortBy) ? [{ field: sortBy, sort: sortOrder ?? 'asc' }] : []),
    [sortBy, sortOrder],
  );
  const paginationModel = useMemo(() => ({ page, pageSize }), [page, pageSize]);
  return (
    <DataGrid
      label="Campaigns"
      rows={props.rows}
      columns={COLUMNS}
      getRowId={(row) => row.id}
      // Unknown (-1) while the first page loads, so the grid does not clamp the page from the URL.
      rowCount={props.total ?? -1}
      loading={props.loading}
      autoHeight
      paginationMode="server"
      sortingMode="server"
      disableColumnFilter
      sortingOrder={['asc', 'desc', null]}
      pageSizeOptions={PAGE_SIZE_CHOICES.map((value) => (value === -1 ? { value, label: 'All' } : value))}
      paginationModel={paginationModel}
      onPaginationModelChange={props.onPagination}
      sortModel={sortModel}
      onSortModelChange={(model) => {
        const first = model[0];
        if (first?.sort && SORTABLE_COLUMNS.has(first.field)) {
          props.onSort(first.field as CampaignSort, first.sort);
        } else props.onSort(null, null);
      }}
      checkboxSelection
      disableRowSelectionOnClick
      rowSelectionModel={props.selection}
      onRowSelectionModelChange={props.onSelection}
      slots={{ noRowsOverlay: NoCampaigns, noResultsOverlay: NoCampaigns }}
      slotProps={{
        noRowsOverlay: { filtered: props.filtered },
        noResultsOverlay: { filtered: props.filtered },
      }}
      sx={{ bgcolor: 'background.paper', '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' } }}
    />
  );
}

import {
  DataGrid,
  type GridColDef,
  type GridPaginationModel,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { useMemo } from 'react';
import { PAGE_SIZE_CHOICES, type SortOrder } from '../../lib/list-state';
import { displayedRows, type ListTotal } from './list-total';
import { sortableColumns } from './sortable-columns';
import { EmptyState } from './states';

declare module '@mui/x-data-grid' {
  interface NoRowsOverlayPropsOverrides {
    emptyText?: string;
  }
  interface NoResultsOverlayPropsOverrides {
    emptyText?: string;
  }
}

function NoRows({ emptyText }: { emptyText?: string }) {
  return <EmptyState title={emptyText ?? 'Nothing here.'} />;
}

export interface ResourceGridProps<T extends { id: number }> {
  label: string;
  rows: T[];
  columns: GridColDef<T>[];
  /** Columns the server sorts by; the others are not sortable. */
  sorts: readonly string[];
  /** Unknown while the first page loads. */
  total: ListTotal | undefined;
  loading: boolean;
  /** 0-based, as the grid counts. */
  page: number;
  pageSize: number;
  sortBy: string | null;
  sortOrder: SortOrder | null;
  emptyText: string;
  /** Without it the rows have no checkboxes. */
  selection?: GridRowSelectionModel | undefined;
  onSelection?: ((selection: GridRowSelectionModel) => void) | undefined;
  /** A click anywhere on a row (give keyboard users a button in a cell too). */
  onRowClick?: ((row: T) => void) | undefined;
  onPagination: (model: GridPaginationModel) => void;
  onSort: (sortBy: string | null, sortOrder: SortOrder | null) => void;
}

/** A list's server-side grid: the server pages and sorts; the URL holds the state. */
export function ResourceGrid<T extends { id: number }>(props: ResourceGridProps<T>) {
  // Stable models: a new object each render reads to the grid as a change, and a sort change
  // sends it back to the first page.
  const { sortBy, sortOrder, page, pageSize, sorts } = props;
  const sortModel = useMemo<GridSortModel>(
    () => (sortBy && sorts.includes(sortBy) ? [{ field: sortBy, sort: sortOrder ?? 'asc' }] : []),
    [sortBy, sortOrder, sorts],
  );
  const paginationModel = useMemo(() => ({ page, pageSize }), [page, pageSize]);
  const columns = useMemo(() => sortableColumns(props.columns, sorts), [props.columns, sorts]);
  const { total } = props;
  const hasNextPage = total?.hasNextPage;
  const paginationMeta = useMemo(() => ({ hasNextPage }), [hasNextPage]);
  const count = total?.total;
  const capped = total?.capped ?? false;
  const localeText = useMemo(
    () => ({
      paginationDisplayedRows: (rows: { from: number; to: number; count: number }) =>
        displayedRows(rows, count === undefined ? undefined : { total: count, capped }),
    }),
    [count, capped],
  );
  return (
    <DataGrid
      label={props.label}
      rows={props.rows}
      columns={columns}
      getRowId={(row) => row.id}
      // Unknown (-1) while the first page loads, so the grid does not clamp the page from the URL, and
      // when the total is capped: the pager then goes by `hasNextPage`, past the cap's last page.
      rowCount={total && !total.capped ? total.total : -1}
      paginationMeta={paginationMeta}
      localeText={localeText}
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
        if (first?.sort && sorts.includes(first.field)) props.onSort(first.field, first.sort);
        else props.onSort(null, null);
      }}
      checkboxSelection={props.onSelection !== undefined}
      disableRowSelectionOnClick
      rowSelectionModel={props.selection}
      onRowSelectionModelChange={props.onSelection}
      onRowClick={props.onRowClick ? ({ row }) => props.onRowClick?.(row as T) : undefined}
      slots={{ noRowsOverlay: NoRows, noResultsOverlay: NoRows }}
      slotProps={{
        noRowsOverlay: { emptyText: props.emptyText },
        noResultsOverlay: { emptyText: props.emptyText },
      }}
      sx={{
        bgcolor: 'background.paper',
        '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' },
        ...(props.onRowClick ? { '& .MuiDataGrid-row': { cursor: 'pointer' } } : {}),
      }}
    />
  );
}

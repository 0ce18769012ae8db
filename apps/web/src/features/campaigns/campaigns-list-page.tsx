import type { Campaign } from '@adstudio/contract';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { GridRowSelectionModel } from '@mui/x-data-grid';
import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { ErrorState } from '../../components/ui/states';
import { href } from '../../config/paths';
import { useCanAccess } from '../../lib/access';
import { errorMessage } from '../../lib/api-client';
import { useDefaultPageSize } from '../../lib/user-settings';
import { useCampaigns } from './api/get-campaigns';
import { BulkActions } from './components/bulk-actions';
import { CampaignsGrid } from './components/campaigns-grid';
import { ListFilters } from './components/list-filters';
import {
  type CampaignListState,
  FALLBACK_PAGE_SIZE,
  parseListState,
  toListQuery,
  toSearchParams,
  withChanges,
} from './list-state';

const NO_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };

const selectedRows = (rows: readonly Campaign[], model: GridRowSelectionModel) =>
  rows.filter((row) => (model.type === 'include' ? model.ids.has(row.id) : !model.ids.has(row.id)));

/** The campaigns overview: filter, date, server-side paging and sorting, bulk actions. */
export function CampaignsListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseListState(searchParams), [searchParams]);
  const canWrite = useCanAccess('campaigns', 'write');
  const defaults = useDefaultPageSize(FALLBACK_PAGE_SIZE);
  const pageSize = state.itemsPerPage ?? defaults.pageSize;
  const list = useCampaigns(
    toListQuery(state, defaults.pageSize),
    state.itemsPerPage !== null || defaults.ready,
  );
  const [selection, setSelection] = useState<GridRowSelectionModel>(NO_SELECTION);

  // The list state lives in the URL, so reload and back keep it; replace, so back leaves the list.
  const change = useCallback(
    (changes: Partial<CampaignListState>) => {
      const next = toSearchParams(withChanges(state, changes));
      if (next.toString() !== searchParams.toString()) setSearchParams(next, { replace: true });
    },
    [state, searchParams, setSearchParams],
  );
  const onFilter = useCallback((filter: string) => change({ filter }), [change]);
  const onDate = useCallback((date: string | null) => change({ date }), [change]);

  const rows = list.data?.data ?? [];
  const settled = list.isSuccess && !list.isPlaceholderData;

  return (
    <Box>
      <PageHeader
        title="Campaigns"
        subtitle={list.data && settled ? `${list.data.meta.total} in total` : undefined}
        actions={
          canWrite ? (
            <Button
              component={RouterLink}
              to={href('campaigns.new')}
              variant="contained"
              startIcon={<AddIcon />}
            >
              New campaign
            </Button>
          ) : null
        }
      />
      <ListFilters filter={state.filter} date={state.date} onFilter={onFilter} onDate={onDate} />
      {list.isError ? (
        <Box sx={{ mb: 2 }}>
          <ErrorState
            message={`The campaigns could not be loaded. ${errorMessage(list.error)}`}
            onRetry={() => void list.refetch()}
          />
        </Box>
      ) : null}
      <BulkActions
        selected={selectedRows(rows, selection)}
        canDelete={canWrite}
        onDone={() => setSelection(NO_SELECTION)}
      />
      <CampaignsGrid
        rows={rows}
        total={list.data?.meta.total}
        loading={list.isFetching || list.isPending}
        page={state.page - 1}
        pageSize={pageSize}
        sortBy={state.sortBy}
        sortOrder={state.sortOrder}
        filtered={Boolean(state.filter || state.date)}
        selection={selection}
        onSelection={setSelection}
        onPagination={(model) => {
          // While a page loads the grid may clamp to the rows it has; only user changes count.
          if (!settled) return;
          if (model.pageSize !== pageSize) change({ itemsPerPage: model.pageSize });
          else change({ page: model.page + 1 });
        }}
        onSort={(sortBy, sortOrder) => change({ sortBy, sortOrder })}
      />
    </Box>
  );
}

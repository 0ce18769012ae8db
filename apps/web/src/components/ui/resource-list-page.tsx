import type { Bulk, BulkResult, ListLinks, ListMeta, Section, Status } from '@adstudio/contract';
import AddIcon from '@mui/icons-material/Add';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import type { GridColDef, GridRowSelectionModel } from '@mui/x-data-grid';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useCanAccess } from '../../lib/access';
import { showAlert } from '../../lib/alert';
import { errorMessage } from '../../lib/api-client';
import type { ListQueryParams } from '../../lib/list-query';
import { FALLBACK_PAGE_SIZE, isFiltered, type ListStateConfig, toListQuery } from '../../lib/list-state';
import { useListUrlState } from '../../lib/use-list-url-state';
import { useDefaultPageSize } from '../../lib/user-settings';
import { BulkActions } from './bulk-actions';
import { dateColumn } from './date-column';
import { ListFilters } from './list-filters';
import { listTotal, totalText } from './list-total';
import { PageHeader } from './page-header';
import { ResourceGrid } from './resource-grid';
import { EmptyState, ErrorState } from './states';
import type { StatusDisplay } from './status-chip';

/** What every listed item has. */
export interface ListItem {
  id: number;
  name: string;
  /** Absent for sections without statuses (conditions, data sources). */
  status?: string;
  /** The statuses this user may move the item to (sections with a status workflow). */
  allowed_statuses?: readonly Status[];
  deleted_at: string | null;
}

type UseBulk = () => UseMutationResult<BulkResult[], unknown, Bulk>;

/** A section's list requests, as hooks (module constants, so their identity never changes). */
export interface ListSource<T extends ListItem> {
  useList: (
    query: ListQueryParams,
    enabled: boolean,
  ) => UseQueryResult<{ data: T[]; meta: ListMeta; links: ListLinks }>;
  /** Without it the list has no selection and no bulk actions. */
  useBulk?: UseBulk;
  useRestore: () => UseMutationResult<unknown, unknown, number>;
}

/** A list's own filters, next to the shared ones; each is a URL parameter of `config.extras`. */
export type ExtraFilters = (props: {
  values: Readonly<Record<string, string>>;
  onChange: (key: string, value: string | null) => void;
}) => ReactNode;

const NO_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };

const selectedRows = <T extends ListItem>(rows: readonly T[], model: GridRowSelectionModel) =>
  rows.filter((row) => (model.type === 'include' ? model.ids.has(row.id) : !model.ids.has(row.id)));

/** The bulk bar of a list that has bulk actions (its own component: the hook is the section's). */
function ListBulkActions({
  useBulk,
  ...props
}: Omit<Parameters<typeof BulkActions>[0], 'run' | 'busy'> & { useBulk: UseBulk }) {
  const bulk = useBulk();
  return <BulkActions {...props} run={bulk.mutateAsync} busy={bulk.isPending} />;
}

/**
 * A section's overview: filters, statuses and deleted items, server-side paging and sorting, all in
 * the URL; an empty state with a create button; selection with bulk actions; restore of deleted rows.
 */
export function ResourceListPage<T extends ListItem, S extends string>({
  title,
  noun,
  section,
  config,
  source,
  columns,
  itemHref,
  createHref,
  filterPlaceholder,
  dateLabel,
  deleteNote,
  extraFilters,
  statusDisplay,
}: {
  /** "Creatives". */
  title: string;
  /** "creative". */
  noun: string;
  section: Section;
  config: ListStateConfig<S>;
  source: ListSource<T>;
  /** The columns after the name, each `field` a sort key when the server sorts by it. */
  columns: GridColDef<T>[];
  itemHref: (id: number) => string;
  createHref: string;
  filterPlaceholder: string;
  dateLabel?: string;
  /** What a bulk delete keeps (lists with bulk actions). */
  deleteNote?: string;
  extraFilters?: ExtraFilters;
  /** How the statuses of `config.statuses` show, when they are not the campaign / creative ones. */
  statusDisplay?: Readonly<Record<string, StatusDisplay>>;
}) {
  const { state, change, focusFilter } = useListUrlState(config);
  const canWrite = useCanAccess(section, 'write');
  const defaults = useDefaultPageSize(FALLBACK_PAGE_SIZE);
  const pageSize = state.itemsPerPage ?? defaults.pageSize;
  const list = source.useList(
    toListQuery(state, defaults.pageSize, config.statuses),
    state.itemsPerPage !== null || defaults.ready,
  );
  const restore = source.useRestore();
  const [selection, setSelection] = useState<GridRowSelectionModel>(NO_SELECTION);

  const filterChanges = useMemo(
    () => ({
      onFilter: (filter: string, keepFocus: boolean) => change({ filter }, keepFocus),
      onDate: (date: string | null) => change({ date }),
      onStatus: (status: string[]) => change({ status }),
      onDeleted: (deleted: boolean) => change({ deleted }),
    }),
    [change],
  );
  const onExtra = (key: string, value: string | null) => {
    const extra = { ...state.extra };
    if (value) extra[key] = value;
    else delete extra[key];
    change({ extra });
  };

  const rows = list.data?.data ?? [];
  const settled = list.isSuccess && !list.isPlaceholderData;
  const filtered = isFiltered(state);
  const nothingYet = settled && list.data.meta.total === 0 && !filtered && !state.deleted;
  const total = list.data ? listTotal(list.data.meta, list.data.links) : undefined;

  const allColumns = useMemo<GridColDef<T>[]>(() => {
    const name: GridColDef<T> = {
      field: 'name',
      headerName: 'Name',
      flex: 2,
      minWidth: 220,
      renderCell: ({ row }) =>
        state.deleted ? (
          <span title={row.name}>{row.name}</span>
        ) : (
          <Link
            component={RouterLink}
            to={itemHref(row.id)}
            underline="hover"
            sx={{ fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            title={row.name}
          >
            {row.name}
          </Link>
        ),
    };
    if (!state.deleted) return [name, ...columns];
    const deletedAt = dateColumn<T>('deleted_at', 'Deleted');
    const restoreColumn: GridColDef<T> = {
      field: 'restore',
      headerName: '',
      width: 130,
      renderCell: ({ row }) =>
        canWrite ? (
          <Button
            size="small"
            startIcon={<RestoreFromTrashIcon />}
            aria-label={`Restore ${row.name}`}
            onClick={() =>
              restore.mutate(row.id, {
                onSuccess: () => showAlert({ status: 200, data: { message: `Restored "${row.name}".` } }),
              })
            }
          >
            Restore
          </Button>
        ) : null,
    };
    // Deleted rows show when they were deleted instead of when they were last changed.
    return [name, ...columns.filter((column) => column.field !== 'updated_at'), deletedAt, restoreColumn];
  }, [state.deleted, columns, itemHref, canWrite, restore]);

  return (
    <Box>
      <PageHeader
        title={state.deleted ? `Deleted ${title.toLowerCase()}` : title}
        subtitle={total && settled ? totalText(total) : undefined}
        actions={
          canWrite ? (
            <Button component={RouterLink} to={createHref} variant="contained" startIcon={<AddIcon />}>
              New {noun}
            </Button>
          ) : null
        }
      />
      <ListFilters
        noun={`${noun}s`}
        filter={state.filter}
        placeholder={filterPlaceholder}
        date={state.date}
        dateLabel={dateLabel}
        status={state.status}
        statuses={config.statuses}
        statusDisplay={statusDisplay}
        deleted={state.deleted}
        focusFilter={focusFilter}
        changes={filterChanges}
      >
        {extraFilters?.({ values: state.extra, onChange: onExtra })}
      </ListFilters>
      {list.isError ? (
        <Box sx={{ mb: 2 }}>
          <ErrorState
            message={`The ${noun}s could not be loaded. ${errorMessage(list.error)}`}
            onRetry={() => void list.refetch()}
          />
        </Box>
      ) : null}
      {nothingYet ? (
        <Paper variant="outlined">
          <EmptyState title={`No ${noun}s yet.`}>
            {canWrite ? (
              <Button component={RouterLink} to={createHref} variant="outlined" startIcon={<AddIcon />}>
                Create the first {noun}
              </Button>
            ) : null}
          </EmptyState>
        </Paper>
      ) : (
        <>
          {source.useBulk ? (
            <ListBulkActions
              useBulk={source.useBulk}
              noun={noun}
              section={section}
              selected={selectedRows(rows, selection)}
              deleted={state.deleted}
              canWrite={canWrite}
              deleteNote={deleteNote ?? ''}
              onDone={() => setSelection(NO_SELECTION)}
            />
          ) : null}
          <ResourceGrid
            label={title}
            rows={rows}
            columns={allColumns}
            sorts={config.sorts}
            total={total}
            loading={list.isFetching || list.isPending}
            page={state.page - 1}
            pageSize={pageSize}
            sortBy={state.sortBy}
            sortOrder={state.sortOrder}
            emptyText={
              state.deleted
                ? `No deleted ${noun}s${filtered ? ' match these filters' : ''}.`
                : `No ${noun}s match these filters.`
            }
            selection={source.useBulk ? selection : undefined}
            onSelection={source.useBulk ? setSelection : undefined}
            onPagination={(model) => {
              // While a page loads the grid may clamp to the rows it has; only user changes count.
              if (!settled) return;
              if (model.pageSize !== pageSize) change({ itemsPerPage: model.pageSize });
              else change({ page: model.page + 1 });
            }}
            onSort={(sortBy, sortOrder) => change({ sortBy: sortBy as S | null, sortOrder })}
          />
        </>
      )}
    </Box>
  );
}

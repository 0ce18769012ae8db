import type { Profile, ProfileRule } from '@adstudio/contract';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { FilterField } from '../../../components/ui/filter-field';
import { listTotal } from '../../../components/ui/list-total';
import { ResourceGrid } from '../../../components/ui/resource-grid';
import { ErrorState } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { FALLBACK_PAGE_SIZE, toListQuery } from '../../../lib/list-state';
import { useListUrlState } from '../../../lib/use-list-url-state';
import { useDefaultPageSize } from '../../../lib/user-settings';
import { ruleListConfig, useProfileRules } from '../api/get-profile-rules';
import { ruleDataColumns, ruleValueText } from '../profile-format';
import { RuleDrawer } from './rule-drawer';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function ruleColumns(
  profile: Profile,
  ended: boolean,
  onOpen: (rule: ProfileRule) => void,
): GridColDef<ProfileRule>[] {
  const fixed: GridColDef<ProfileRule>[] = [
    { field: 'position', headerName: '#', width: 70 },
    {
      field: 'unique_id',
      headerName: 'Unique_ID',
      minWidth: 160,
      flex: 1,
      renderCell: ({ row }) => (
        <Link
          component="button"
          type="button"
          onClick={(event) => {
            // The row's own click would open it a second time.
            event.stopPropagation();
            onOpen(row);
          }}
          sx={{ fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          title={`Open rule ${row.unique_id}`}
        >
          {row.unique_id}
        </Link>
      ),
    },
    { field: 'reporting_label', headerName: 'Reporting_Label', minWidth: 180, flex: 1 },
    { field: 'active', headerName: 'Active', width: 90, valueGetter: (_v, row) => yesNo(row.active) },
    {
      field: 'is_default',
      headerName: 'Default',
      width: 90,
      valueGetter: (_v, row) => yesNo(row.is_default),
    },
    { field: 'start', headerName: 'Start', width: 115, valueGetter: (_v, row) => ruleValueText(row.start) },
    { field: 'end', headerName: 'End', width: 115, valueGetter: (_v, row) => ruleValueText(row.end) },
  ];
  const data = ruleDataColumns(profile.columns).map(
    (column): GridColDef<ProfileRule> => ({
      field: `data:${column}`,
      headerName: column,
      minWidth: 140,
      flex: 1,
      valueGetter: (_v, row) => ruleValueText(row.data[column]),
    }),
  );
  const left: GridColDef<ProfileRule> = {
    field: 'ended_at',
    headerName: 'Left the feed',
    width: 150,
    valueGetter: (_v, row) => formatDateTime(row.ended_at),
  };
  return ended ? [...fixed, left, ...data] : [...fixed, ...data];
}

/** The feed's rules, paged by the server: filter, sort, page size and ended rules in the URL; a row opens its detail. */
export function RulesTab({ profile }: { profile: Profile }) {
  const { state, change, focusFilter } = useListUrlState(ruleListConfig);
  const defaults = useDefaultPageSize(FALLBACK_PAGE_SIZE);
  const pageSize = state.itemsPerPage ?? defaults.pageSize;
  const rules = useProfileRules(
    profile.id,
    toListQuery(state, defaults.pageSize),
    state.itemsPerPage !== null || defaults.ready,
  );
  const [open, setOpen] = useState<ProfileRule | null>(null);
  const ended = state.extra.ended === '1';
  const columns = useMemo(() => ruleColumns(profile, ended, setOpen), [profile, ended]);
  const settled = rules.isSuccess && !rules.isPlaceholderData;
  const total = rules.data ? listTotal(rules.data.meta, rules.data.links) : undefined;

  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <FilterField
          noun="rules"
          filter={state.filter}
          placeholder="Unique_ID or Reporting_Label"
          focusFilter={focusFilter}
          onFilter={(filter, keepFocus) => change({ filter }, keepFocus)}
          sx={{ minWidth: { xs: '100%', sm: 300 } }}
        />
        <FormControlLabel
          control={
            <Switch
              checked={ended}
              onChange={(event) => change({ extra: event.target.checked ? { ended: '1' } : {} })}
            />
          }
          label="Ended rules"
        />
      </Box>
      {rules.isError ? (
        <Box sx={{ mb: 2 }}>
          <ErrorState
            message={`The rules could not be loaded. ${errorMessage(rules.error)}`}
            onRetry={() => void rules.refetch()}
          />
        </Box>
      ) : null}
      <ResourceGrid
        label="Rules"
        rows={rules.data?.data ?? []}
        columns={columns}
        sorts={ruleListConfig.sorts}
        total={total}
        loading={rules.isFetching || rules.isPending}
        page={state.page - 1}
        pageSize={pageSize}
        sortBy={state.sortBy}
        sortOrder={state.sortOrder}
        emptyText={
          state.filter
            ? 'No rules match this filter.'
            : ended
              ? 'No rule has left the feed.'
              : 'No rules yet: they come with the first good sync.'
        }
        onRowClick={setOpen}
        onPagination={(model) => {
          if (!settled) return;
          if (model.pageSize !== pageSize) change({ itemsPerPage: model.pageSize });
          else change({ page: model.page + 1 });
        }}
        onSort={(sortBy, sortOrder) => change({ sortBy: sortBy as typeof state.sortBy, sortOrder })}
      />
      <RuleDrawer ruleId={open?.id ?? null} title={open?.unique_id ?? ''} onClose={() => setOpen(null)} />
    </Box>
  );
}

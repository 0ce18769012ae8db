import type { Condition } from '@adstudio/contract';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { conditionListConfig, conditionsApi } from '../../api/conditions';
import { dateColumn } from '../../components/ui/date-column';
import { type ListSource, ResourceListPage } from '../../components/ui/resource-list-page';
import { href } from '../../config/paths';
import { useDataSourceNames } from './api/get-data-source-names';
import { ConditionsNav } from './components/conditions-nav';
import { UsedByCell } from './components/used-by';
import { conditionSummary, type DataSourceNames, usedByText } from './condition-format';

const SOURCE: ListSource<Condition> = {
  useList: conditionsApi.useList,
  useRestore: conditionsApi.useRestore,
};

const columns = (names: DataSourceNames): GridColDef<Condition>[] => [
  {
    field: 'expression',
    headerName: 'Expression',
    flex: 3,
    minWidth: 280,
    valueGetter: (_value, row) => conditionSummary(row, names),
    renderCell: ({ value }) => (
      <Typography variant="body2" noWrap title={String(value)} sx={{ lineHeight: 'inherit' }}>
        {String(value)}
      </Typography>
    ),
  },
  {
    field: 'used_by',
    headerName: 'Used by',
    flex: 1,
    minWidth: 170,
    valueGetter: (_value, row) => usedByText(row.used_by),
    renderCell: ({ row }) => <UsedByCell uses={row.used_by} />,
  },
  dateColumn('updated_at', 'Updated'),
];

const conditionHref = (id: number) => href('condition.view', { id });

/** The conditions overview: filter, deleted ones, paging and sorting; each row says where it is used. */
export function ConditionsListPage() {
  const names = useDataSourceNames();
  const cols = useMemo(() => columns(names), [names]);
  return (
    <>
      <ConditionsNav value="conditions" />
      <ResourceListPage
        title="Conditions"
        noun="condition"
        section="conditions"
        config={conditionListConfig}
        source={SOURCE}
        columns={cols}
        itemHref={conditionHref}
        createHref={href('conditions.new')}
        filterPlaceholder="Name"
      />
    </>
  );
}

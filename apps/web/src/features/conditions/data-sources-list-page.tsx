import type { DataSource } from '@adstudio/contract';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { dataSourceListConfig, dataSourcesApi } from '../../api/data-sources';
import { type ListSource, ResourceListPage } from '../../components/ui/resource-list-page';
import { href } from '../../config/paths';
import { ConditionsNav } from './components/conditions-nav';
import { FetchedCell } from './components/data-source-state';
import { dataValueText, refreshText, urlHost } from './data-source-format';

const SOURCE: ListSource<DataSource> = {
  useList: dataSourcesApi.useList,
  useRestore: dataSourcesApi.useRestore,
};

const COLUMNS: GridColDef<DataSource>[] = [
  {
    field: 'url',
    headerName: 'Host',
    flex: 1,
    minWidth: 170,
    valueGetter: (_value, row) => urlHost(row.url),
    renderCell: ({ row }) => (
      <Typography variant="body2" noWrap title={`${row.method} ${row.url}`} sx={{ lineHeight: 'inherit' }}>
        {urlHost(row.url)}
      </Typography>
    ),
  },
  {
    field: 'value',
    headerName: 'Value now',
    flex: 1,
    minWidth: 130,
    valueGetter: (_value, row) => dataValueText(row.value),
  },
  {
    // Sorting by it sorts by the last fetch.
    field: 'fetched_at',
    headerName: 'Fetched / last error',
    flex: 1.3,
    minWidth: 200,
    renderCell: ({ row }) => <FetchedCell source={row} />,
  },
  {
    field: 'refresh_seconds',
    headerName: 'Refresh',
    width: 130,
    valueGetter: (_value, row) => refreshText(row.refresh_seconds),
  },
];

const dataSourceHref = (id: number) => href('datasource.view', { id });

/** The data sources conditions read: where each calls, its value now and how its last fetch went. */
export function DataSourcesListPage() {
  return (
    <>
      <ConditionsNav value="datasources" />
      <ResourceListPage
        title="Data sources"
        noun="data source"
        section="conditions"
        config={dataSourceListConfig}
        source={SOURCE}
        columns={COLUMNS}
        itemHref={dataSourceHref}
        createHref={href('datasources.new')}
        filterPlaceholder="Name"
      />
    </>
  );
}

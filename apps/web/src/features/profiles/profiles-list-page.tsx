import type { Profile } from '@adstudio/contract';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { profileListConfig, profilesApi } from '../../api/profiles';
import { type ListSource, ResourceListPage } from '../../components/ui/resource-list-page';
import { href } from '../../config/paths';
import { formatCount, formatDateTime } from '../../lib/format';
import { OpenDataFeedLink } from './components/open-data-feed-link';
import { PROFILE_STATUS_DISPLAY, ProfileStatusChip } from './components/profile-status-chip';
import { sourceText, syncProgress } from './profile-format';

const SOURCE: ListSource<Profile> = {
  useList: profilesApi.useList,
  useRestore: profilesApi.useRestore,
};

const COLUMNS: GridColDef<Profile>[] = [
  {
    field: 'source',
    headerName: 'Source',
    flex: 1,
    minWidth: 190,
    valueGetter: (_value, row) => sourceText(row),
    // A sheet shows as its 'Open Data Feed' link (spec section 2); a file or URL by name.
    renderCell: ({ row }) =>
      row.gsheet_id ? (
        <OpenDataFeedLink gsheetId={row.gsheet_id} />
      ) : (
        <Typography variant="body2" noWrap title={sourceText(row)}>
          {sourceText(row)}
        </Typography>
      ),
  },
  {
    field: 'status',
    headerName: 'Status',
    width: 170,
    renderCell: ({ row }) => <ProfileStatusChip status={row.status} percent={syncProgress(row).percent} />,
  },
  {
    field: 'rows',
    headerName: 'Active / rows',
    description: 'Active rows of all the rows of the last sync',
    width: 120,
    valueGetter: (_value, row) => `${formatCount(row.rows_active)} / ${formatCount(row.rows_total)}`,
  },
  {
    field: 'issues',
    headerName: 'Errors / warnings',
    description: 'Rows with errors and warnings of the last sync',
    width: 140,
    valueGetter: (_value, row) => `${formatCount(row.rows_with_errors)} / ${formatCount(row.warnings_total)}`,
  },
  {
    field: 'synced_at',
    headerName: 'Last sync',
    width: 140,
    valueFormatter: (value: string | null) => (value ? formatDateTime(value) : 'Never'),
  },
  {
    field: 'template',
    headerName: 'Template',
    flex: 0.7,
    minWidth: 120,
    valueGetter: (_value, row) => row.template?.name ?? '',
  },
];

const profileHref = (id: number) => href('profile.view', { id });

/** The profiles overview: filter, statuses, deleted ones, paging and sorting; a running sync shows its progress. */
export function ProfilesListPage() {
  return (
    <ResourceListPage
      title="Profiles"
      noun="profile"
      section="profiles"
      config={profileListConfig}
      source={SOURCE}
      columns={COLUMNS}
      itemHref={profileHref}
      createHref={href('profiles.new')}
      filterPlaceholder="Name"
      statusDisplay={PROFILE_STATUS_DISPLAY}
    />
  );
}

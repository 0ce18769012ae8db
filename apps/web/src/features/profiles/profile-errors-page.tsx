import type { Profile, ProfileIssue } from '@adstudio/contract';
import AddTaskIcon from '@mui/icons-material/AddTask';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { QueryView } from '../../components/ui/query-view';
import { EmptyState } from '../../components/ui/states';
import { href } from '../../config/paths';
import { type IssueFilter, profileErrorsCsvUrl, useProfileErrors } from './api/get-profile-errors';
import { ProfilePage } from './components/profile-page';
import { issuesCountLine } from './profile-format';
import { errorsPageSubtitle, fixableIssuesText, noIssuesText } from './sync-story';

type Row = ProfileIssue & { id: number };

const COLUMNS: GridColDef<Row>[] = [
  { field: 'row', headerName: 'Row', width: 80, type: 'number' },
  { field: 'column', headerName: 'Column', width: 160 },
  { field: 'value', headerName: 'Value', flex: 1, minWidth: 160 },
  { field: 'message', headerName: 'Message', flex: 2, minWidth: 240 },
  {
    field: 'severity',
    headerName: 'Severity',
    width: 120,
    renderCell: ({ row }) => (
      <Chip
        size="small"
        label={row.severity}
        color={row.severity === 'error' ? 'error' : 'warning'}
        variant="outlined"
        sx={{ textTransform: 'capitalize' }}
      />
    ),
  },
];

/** Shown when some row would be taken in by a sync now: which ones. */
const FIXED_BY_RESYNC: GridColDef<Row> = {
  field: 'fixed_by_resync',
  headerName: 'Next sync',
  width: 150,
  renderCell: ({ row }) =>
    row.fixed_by_resync ? (
      <Chip size="small" color="success" variant="outlined" icon={<AddTaskIcon />} label="Adds the row" />
    ) : null,
};

const SEVERITIES = ['error', 'warning'] as const;

/** The filters of the URL (`severity`, `column`); anything else is ignored. */
function useIssueFilter(): [IssueFilter, (change: IssueFilter) => void] {
  const [params, setParams] = useSearchParams();
  const severity = params.get('severity');
  const filter: IssueFilter = {
    severity: SEVERITIES.find((value) => value === severity),
    column: params.get('column') || undefined,
  };
  const change = (next: IssueFilter) => {
    const merged = { ...filter, ...next };
    const search: Record<string, string> = {};
    if (merged.severity) search.severity = merged.severity;
    if (merged.column) search.column = merged.column;
    setParams(search, { replace: true });
  };
  return [filter, change];
}

function IssuesTable({ issues }: { issues: ProfileIssue[] }) {
  const rows: Row[] = issues.map((issue, index) => ({ ...issue, id: index }));
  const columns = issues.some((issue) => issue.fixed_by_resync) ? [...COLUMNS, FIXED_BY_RESYNC] : COLUMNS;
  return (
    <DataGrid
      label="Issues"
      rows={rows}
      columns={columns}
      autoHeight
      disableColumnFilter
      disableRowSelectionOnClick
      initialState={{ pagination: { paginationModel: { pageSize: 50 } } }}
      pageSizeOptions={[25, 50, 100]}
      getRowHeight={() => 'auto'}
      sx={{
        bgcolor: 'background.paper',
        '& .MuiDataGrid-cell': { py: 1, alignItems: 'center', display: 'flex' },
      }}
    />
  );
}

function ProfileErrors({ profile }: { profile: Profile }) {
  const [filter, change] = useIssueFilter();
  const issues = useProfileErrors(profile.id, filter);
  const columns = [...profile.columns];
  if (filter.column && !columns.includes(filter.column)) columns.push(filter.column);
  const filtered = Boolean(filter.severity || filter.column);

  return (
    <Box>
      <Button
        component={RouterLink}
        to={href('profile.view', { id: profile.id })}
        startIcon={<ArrowBackIcon />}
        size="small"
        sx={{ mb: 1 }}
      >
        Back to {profile.name}
      </Button>
      <PageHeader
        title={`Errors of ${profile.name}`}
        subtitle={errorsPageSubtitle(profile)}
        actions={
          <Button
            component="a"
            href={profileErrorsCsvUrl(profile.id, filter)}
            download
            variant="outlined"
            startIcon={<DownloadIcon />}
          >
            Download CSV
          </Button>
        }
      />
      {profile.fixable_rows > 0 && profile.status !== 'syncing' ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="fixable-rows">
          {fixableIssuesText(profile.fixable_rows)}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={filter.severity ?? 'all'}
          onChange={(_event, next: string | null) => {
            if (next) change({ severity: next === 'all' ? undefined : (next as IssueFilter['severity']) });
          }}
          aria-label="Severity"
        >
          <ToggleButton value="all">All</ToggleButton>
          <ToggleButton value="error">Errors</ToggleButton>
          <ToggleButton value="warning">Warnings</ToggleButton>
        </ToggleButtonGroup>
        <TextField
          select
          size="small"
          label="Column"
          value={filter.column ?? ''}
          onChange={(event) => change({ column: event.target.value || undefined })}
          sx={{ minWidth: 200 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">Any column</MenuItem>
          {columns.map((column) => (
            <MenuItem key={column} value={column}>
              {column}
            </MenuItem>
          ))}
        </TextField>
        {issues.data ? (
          <Typography variant="body2" color="textSecondary" aria-live="polite" data-testid="issues-count">
            {issuesCountLine(issues.data.length, profile)}
          </Typography>
        ) : null}
      </Box>
      <QueryView
        query={issues}
        noun="errors"
        empty={
          <Paper variant="outlined">
            <EmptyState title={noIssuesText(profile, filtered)} />
          </Paper>
        }
      >
        {(list) => <IssuesTable issues={list} />}
      </QueryView>
    </Box>
  );
}

/**
 * The last sync's errors and warnings (a failed sync's failure among them): filter by severity and
 * column, download them as CSV.
 */
export function ProfileErrorsPage() {
  return <ProfilePage>{(profile) => <ProfileErrors profile={profile} />}</ProfilePage>;
}

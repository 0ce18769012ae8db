import type { ProfileSync } from '@adstudio/contract';
import Box from '@mui/material/Box';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { profilesApi } from '../../../api/profiles';
import { HistoryList } from '../../../components/ui/history-list';
import { QueryView } from '../../../components/ui/query-view';
import { ScrollTable } from '../../../components/ui/scroll-region';
import { formatCount, formatDateTime } from '../../../lib/format';
import { useProfileSyncs } from '../api/get-profile-syncs';
import { syncByText, syncFailureDetail } from '../profile-format';
import { ProfileStatusChip } from './profile-status-chip';

const count = (value: number) => formatCount(value);

function SyncRow({ sync }: { sync: ProfileSync }) {
  return (
    <TableRow data-testid="sync-row">
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(sync.started_at)}</TableCell>
      <TableCell>{syncByText(sync)}</TableCell>
      <TableCell>
        <ProfileStatusChip status={sync.status} />
      </TableCell>
      <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }} title={sync.revision ?? undefined}>
        {sync.revision ? sync.revision.slice(0, 12) : '—'}
      </TableCell>
      <TableCell align="right">{count(sync.rows_total)}</TableCell>
      <TableCell align="right">{count(sync.rows_active)}</TableCell>
      <TableCell align="right">{count(sync.rows_with_errors)}</TableCell>
      <TableCell align="right">{count(sync.warnings_total)}</TableCell>
      <TableCell align="right">{count(sync.rows_added)}</TableCell>
      <TableCell align="right">{count(sync.rows_changed)}</TableCell>
      <TableCell align="right">{count(sync.rows_removed)}</TableCell>
      <TableCell sx={{ minWidth: 200, overflowWrap: 'anywhere' }}>
        {sync.error ? syncFailureDetail(sync.error) || sync.error : ''}
      </TableCell>
    </TableRow>
  );
}

/** Each sync of the feed (who or what started it, how it went, what changed), then the edits. */
export function HistoryTab({ profileId }: { profileId: number }) {
  const syncs = useProfileSyncs(profileId);
  const history = profilesApi.useHistory(profileId);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
      <Box component="section" aria-labelledby="profile-syncs" sx={{ minWidth: 0 }}>
        <Typography id="profile-syncs" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          Syncs
        </Typography>
        <QueryView query={syncs} noun="syncs" empty="No syncs yet.">
          {(list) => (
            <ScrollTable label="Syncs">
              <TableHead>
                <TableRow>
                  <TableCell>When</TableCell>
                  <TableCell>By</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Revision</TableCell>
                  <TableCell align="right">Rows</TableCell>
                  <TableCell align="right">Active</TableCell>
                  <TableCell align="right">Errors</TableCell>
                  <TableCell align="right">Warnings</TableCell>
                  <TableCell align="right">Added</TableCell>
                  <TableCell align="right">Changed</TableCell>
                  <TableCell align="right">Removed</TableCell>
                  <TableCell>Message</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((sync) => (
                  <SyncRow key={sync.id} sync={sync} />
                ))}
              </TableBody>
            </ScrollTable>
          )}
        </QueryView>
      </Box>
      <Box component="section" aria-labelledby="profile-edits" sx={{ minWidth: 0 }}>
        <Typography id="profile-edits" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          Edits
        </Typography>
        <HistoryList history={history} />
      </Box>
    </Box>
  );
}

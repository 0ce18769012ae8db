import { type ReportLink, ReportLinkCreateSchema } from '@adstudio/contract';
import AddLinkIcon from '@mui/icons-material/AddLink';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { ActionsTableHead } from '../../../components/ui/actions-table-head';
import { DateField } from '../../../components/ui/date-field';
import { INVALID_DATE, isCompleteDate } from '../../../components/ui/date-value';
import { DisabledReason } from '../../../components/ui/disabled-reason';
import { ScrollTable } from '../../../components/ui/scroll-region';
import {
  absoluteLinkUrl,
  RevokeLinkDialog,
  SharedLinkActions,
  SharedLinkText,
} from '../../../components/ui/shared-link';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { TokenViewsButton } from '../../../components/ui/token-views-button';
import { showAlert } from '../../../lib/alert';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import type { Timeframe } from '../../../lib/timeframe';
import { useCreateReportLink } from '../api/create-report-link';
import { reportLinksApi } from '../api/links';
import { campaignTimeline } from '../campaign-format';

/** Picks the report timeframe; applying it changes the URL (campaigns/{id}/viewreport/{start}/{end}). */
function TimeframePicker({
  timeframe,
  onChange,
}: {
  timeframe: Timeframe | null;
  onChange: (timeframe: Timeframe | null) => void;
}) {
  const [start, setStart] = useState(timeframe?.start ?? '');
  const [end, setEnd] = useState(timeframe?.end ?? '');
  const complete = isCompleteDate(start) && isCompleteDate(end);
  const invalid = complete && end < start;
  const notYet = !complete
    ? 'Enter both days first.'
    : invalid
      ? 'The end must not be before the start.'
      : null;
  return (
    <Box
      component="form"
      aria-label="Report timeframe"
      onSubmit={(event) => {
        event.preventDefault();
        if (complete && !invalid) onChange({ start, end });
      }}
      sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
    >
      <DateField label="From" size="small" value={start} onChange={setStart} />
      <DateField
        label="To"
        size="small"
        value={end}
        onChange={setEnd}
        error={invalid}
        helperText={invalid ? 'The end must not be before the start.' : undefined}
      />
      <DisabledReason reason={notYet}>
        <Button type="submit" variant="outlined" disabled={notYet !== null}>
          Apply timeframe
        </Button>
      </DisabledReason>
      {timeframe ? <Button onClick={() => onChange(null)}>Whole campaign</Button> : null}
    </Box>
  );
}

function CreateLink({ campaignId, timeframe }: { campaignId: number; timeframe: Timeframe | null }) {
  const create = useCreateReportLink();
  const [expires, setExpires] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = () => {
    // The field already says what is wrong with a half-typed expiry.
    if (expires === INVALID_DATE) return;
    const body = {
      start: timeframe?.start ?? null,
      end: timeframe?.end ?? null,
      expires_at: expires ? new Date(expires).toISOString() : null,
    };
    const parsed = ReportLinkCreateSchema.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    create.mutate(
      { id: campaignId, body: parsed.data },
      {
        onSuccess: () => {
          setExpires('');
          showAlert({ status: 200, data: { message: 'Report link created.' } });
        },
      },
    );
  };

  return (
    <Box
      component="form"
      aria-label="New report link"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
    >
      <DateField
        label="Expires (optional)"
        withTime
        size="small"
        value={expires}
        onChange={setExpires}
        error={Boolean(error)}
        helperText={error ?? 'Without an expiry the link works until it is revoked.'}
      />
      <Button type="submit" variant="contained" startIcon={<AddLinkIcon />} disabled={create.isPending}>
        Create link
      </Button>
    </Box>
  );
}

function LinkRow({
  link,
  canWrite,
  onRevoke,
}: {
  link: ReportLink;
  canWrite: boolean;
  onRevoke: (link: ReportLink) => void;
}) {
  const url = absoluteLinkUrl(link.url);
  return (
    <TableRow data-testid="report-link">
      <TableCell sx={{ maxWidth: 360 }}>
        <SharedLinkText url={url} testId="report-link-url" />
      </TableCell>
      <TableCell>{campaignTimeline(link.start, link.end) || 'Whole campaign'}</TableCell>
      <TableCell>{link.expires_at ? formatDateTime(link.expires_at) : 'Never'}</TableCell>
      <TableCell>{formatDate(link.created_at)}</TableCell>
      <TableCell>
        <TokenViewsButton
          kind="report"
          linkId={link.id}
          views={link.views}
          lastViewedAt={link.last_viewed_at}
        />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <SharedLinkActions
          url={url}
          openTitle="Open report"
          onRevoke={canWrite ? () => onRevoke(link) : undefined}
        />
      </TableCell>
    </TableRow>
  );
}

/** Report sharing: the timeframe, its report, new links for it, and the links already shared. */
export function SharingTab({
  campaignId,
  canWrite,
  timeframe,
  onTimeframe,
  report,
}: {
  campaignId: number;
  canWrite: boolean;
  timeframe: Timeframe | null;
  onTimeframe: (timeframe: Timeframe | null) => void;
  /** The campaign's report for the timeframe (the app composes it from the reports feature). */
  report?: ReactNode;
}) {
  const links = reportLinksApi.useList(campaignId);
  const revoke = reportLinksApi.useRemove();
  const [revoking, setRevoking] = useState<ReportLink | null>(null);

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }}>
        <Typography variant="h3" component="h2">
          Report timeframe
        </Typography>
        <Typography variant="body2" color="textSecondary" data-testid="timeframe">
          {timeframe
            ? `Showing ${campaignTimeline(timeframe.start, timeframe.end)}.`
            : 'Showing the whole campaign.'}
        </Typography>
        <TimeframePicker timeframe={timeframe} onChange={onTimeframe} />
        {canWrite ? <CreateLink campaignId={campaignId} timeframe={timeframe} /> : null}
      </Paper>
      {report}
      <Box>
        <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
          Shared links
        </Typography>
        {links.isPending ? <LoadingState label="Loading links…" /> : null}
        {links.isError ? (
          <ErrorState message={errorMessage(links.error)} onRetry={() => void links.refetch()} />
        ) : null}
        {links.data?.length === 0 ? <EmptyState title="No report links yet." /> : null}
        {links.data?.length ? (
          <ScrollTable label="Report links">
            <ActionsTableHead columns={['Link', 'Timeframe', 'Expires', 'Created', 'Views']} />
            <TableBody>
              {links.data.map((link) => (
                <LinkRow key={link.id} link={link} canWrite={canWrite} onRevoke={setRevoking} />
              ))}
            </TableBody>
          </ScrollTable>
        ) : null}
      </Box>
      <RevokeLinkDialog
        link={revoking}
        message="Anyone holding it can no longer open the report."
        revoked="Report link revoked."
        revoke={{
          isPending: revoke.isPending,
          mutate: (link, options) => revoke.mutate({ parentId: campaignId, id: link.id }, options),
        }}
        onClose={() => setRevoking(null)}
      />
    </Box>
  );
}

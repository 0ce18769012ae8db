import {
  QA_FINDING_KIND_LABELS,
  QA_FINDING_KINDS,
  type QaFinding,
  type QaFindingKind,
  type QaRunDetailResponse,
  type QaSeverity,
} from '@adstudio/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { EmptyState } from '../../../components/ui/states';
import { formatCount } from '../../../lib/format';
import { groupFindings, kindCount, variantLabel } from '../qa-format';
import { FindingItem, type FindingLinks } from './finding-item';

const ALL = '';

/** The findings' filters as the URL keeps them (the tab's list state). */
export interface FindingFilter {
  kind: QaFindingKind | null;
  severity: QaSeverity | null;
}

/** A screenshot at the size it was taken (scaled down to the screen), with its variant's name. */
function ScreenshotDialog({ finding, onClose }: { finding: QaFinding | null; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open={finding !== null} onClose={onClose} maxWidth="md" aria-labelledby={titleId}>
      {finding ? (
        <>
          <DialogTitle id={titleId}>Screenshot of {variantLabel(finding)}</DialogTitle>
          <DialogContent>
            <Box
              component="img"
              src={finding.screenshot_url ?? undefined}
              alt={`Screenshot of variant ${variantLabel(finding)}, full size`}
              sx={{ maxWidth: '100%', height: 'auto', display: 'block', outline: 1, outlineColor: 'divider' }}
            />
            <Typography variant="body2" sx={{ mt: 1.5, overflowWrap: 'anywhere' }}>
              {finding.message}
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
}

/**
 * A run's findings, a page at a time, grouped by kind with each kind's count over the whole run;
 * narrowed by kind and severity (`filter`, kept in the URL by the tab).
 */
export function FindingsPanel({
  detail,
  filter,
  onFilter,
  onPage,
  links,
  loading,
}: {
  detail: QaRunDetailResponse;
  filter: FindingFilter;
  onFilter: (next: FindingFilter) => void;
  onPage: (page: number) => void;
  links: FindingLinks;
  /** Another page or filter is on its way: the current one shows faded meanwhile. */
  loading: boolean;
}) {
  const [zoomed, setZoomed] = useState<QaFinding | null>(null);
  const run = detail.data;
  const groups = groupFindings(run, filter.severity);
  const total = kindCount(run.counts, null);
  const { current_page: page, last_page: pages } = detail.meta;

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <TextField
          select
          size="small"
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          label="Kind"
          value={filter.kind ?? ALL}
          onChange={(event) =>
            onFilter({ ...filter, kind: (event.target.value || null) as QaFindingKind | null })
          }
          sx={{ width: { xs: '100%', sm: 240 } }}
        >
          <MenuItem value={ALL}>Every kind ({formatCount(total)})</MenuItem>
          {QA_FINDING_KINDS.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {QA_FINDING_KIND_LABELS[kind]} ({formatCount(kindCount(run.counts, kind))})
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          label="Severity"
          value={filter.severity ?? ALL}
          onChange={(event) =>
            onFilter({ ...filter, severity: (event.target.value || null) as QaSeverity | null })
          }
          sx={{ width: { xs: '100%', sm: 200 } }}
        >
          <MenuItem value={ALL}>Errors and warnings</MenuItem>
          <MenuItem value="error">Errors ({formatCount(kindCount(run.counts, null, 'error'))})</MenuItem>
          <MenuItem value="warning">
            Warnings ({formatCount(kindCount(run.counts, null, 'warning'))})
          </MenuItem>
        </TextField>
      </Box>
      {groups.length === 0 ? (
        <EmptyState
          title={
            total === 0
              ? run.status === 'finished'
                ? 'No finding: every variant checked clean.'
                : run.status === 'queued' || run.status === 'running'
                  ? 'No finding so far.'
                  : 'No finding recorded.'
              : 'No finding matches these filters.'
          }
        />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, opacity: loading ? 0.6 : 1 }} aria-busy={loading || undefined}>
          {groups.map((group) => (
            <Box
              component="section"
              key={group.kind}
              aria-label={group.label}
              data-testid={`qa-group-${group.kind}`}
            >
              <Typography variant="h3" component="h3" sx={{ mb: 0.5 }}>
                {group.label}{' '}
                <Typography component="span" variant="body2" color="textSecondary">
                  ({formatCount(group.count)})
                </Typography>
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {group.findings.map((finding) => (
                  <FindingItem
                    // A rule may have several findings of a kind (two broken images): the message tells them apart.
                    key={`${finding.rule_id}:${finding.severity}:${finding.message}`}
                    finding={finding}
                    links={links}
                    onZoom={setZoomed}
                  />
                ))}
              </Box>
            </Box>
          ))}
        </Box>
      )}
      {pages > 1 ? (
        <Pagination
          count={pages}
          page={page}
          onChange={(_event, next) => onPage(next)}
          size="small"
          siblingCount={0}
          getItemAriaLabel={(type, item, selected) =>
            type === 'page'
              ? `${selected ? '' : 'Go to '}page ${item} of the findings`
              : `Go to the ${type} page of the findings`
          }
          sx={{ justifySelf: 'start' }}
        />
      ) : null}
      <ScreenshotDialog finding={zoomed} onClose={() => setZoomed(null)} />
    </Box>
  );
}

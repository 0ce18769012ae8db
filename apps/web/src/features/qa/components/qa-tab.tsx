import {
  type Creative,
  canAccess,
  isQa,
  QA_FINDING_KINDS,
  type QaFindingKind,
  type QaSeverity,
} from '@adstudio/contract';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DisabledReason } from '../../../components/ui/disabled-reason';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { TitledCard } from '../../../components/ui/titled-card';
import { href } from '../../../config/paths';
import { showAlert } from '../../../lib/alert';
import { errorMessage } from '../../../lib/api-client';
import { useUser } from '../../../lib/auth';
import type { ListStateConfig } from '../../../lib/list-state';
import { useListUrlState } from '../../../lib/use-list-url-state';
import { useQaRun, useQaRuns, useStartQaRun } from '../api/qa-runs';
import { isOpen, qaStarted } from '../qa-format';
import { EarlierRuns } from './earlier-runs';
import type { FindingLinks } from './finding-item';
import { type FindingFilter, FindingsPanel } from './findings-panel';
import { RunSummary } from './run-summary';
import { useRunEndAlert } from './use-run-end-alert';

/** Runs the tab lists: the newest ones; older runs matter less once a newer one covers the content. */
const RUNS_SHOWN = 10;
/** Findings a page shows. */
const FINDINGS_PER_PAGE = 20;

/** The tab's URL: the run shown (the newest when absent), the findings' kind, severity and page. */
const QA_URL_STATE: ListStateConfig = {
  sorts: [],
  extras: {
    run: /^[1-9]\d{0,9}$/,
    kind: new RegExp(`^(${QA_FINDING_KINDS.join('|')})$`),
    severity: /^(error|warning)$/,
  },
  keep: ['tab'],
};

export const NO_RUN_RIGHT = 'Running QA needs the qa or the edit creatives permission.';

/** Why this user may not start or cancel a run (null: they may): `qa`, `edit creatives` or admin. */
function useRunRight(): string | null {
  const user = useUser();
  return user && (isQa(user) || canAccess(user, 'creatives', 'write')) ? null : NO_RUN_RIGHT;
}

function TabSkeleton() {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} aria-busy role="status" aria-label="Loading the QA runs">
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="text" width="60%" />
      <Skeleton variant="text" width="40%" />
    </Box>
  );
}

/**
 * The creative's QA tab (issue 45): start a run, its progress while it runs, its verdict and
 * findings (grouped by kind, filtered by kind and severity in the URL, a page at a time), and the
 * earlier runs. qa users and editors run and cancel; readers see results only.
 */
export function QaTab({ creative }: { creative: Creative }) {
  const noRight = useRunRight();
  const runs = useQaRuns(creative.id, RUNS_SHOWN);
  const { state, change } = useListUrlState(QA_URL_STATE);
  const newest = runs.data?.data[0] ?? null;
  const runId = state.extra.run ? Number(state.extra.run) : (newest?.id ?? null);
  const filter: FindingFilter = {
    kind: (state.extra.kind as QaFindingKind | undefined) ?? null,
    severity: (state.extra.severity as QaSeverity | undefined) ?? null,
  };
  const detail = useQaRun(creative.id, runId, { page: state.page, perPage: FINDINGS_PER_PAGE, ...filter });
  const run = detail.data?.data;
  useRunEndAlert(creative, run);
  const start = useStartQaRun();

  const extraOf = (next: { run?: number | null } & Partial<FindingFilter>) => {
    const merged = { run: state.extra.run ?? null, ...filter, ...next };
    return Object.fromEntries(
      Object.entries(merged)
        .filter((entry): entry is [string, string | number] => Boolean(entry[1]))
        .map(([k, v]) => [k, String(v)]),
    );
  };
  const links: FindingLinks = {
    rule:
      creative.profile_id === null
        ? null
        : (finding) =>
            href(
              'profile.view',
              { id: creative.profile_id ?? 0 },
              { tab: 'rules', filter: finding.unique_id },
            ),
    preview: (finding) =>
      href('creative.view', { id: creative.id }, { tab: 'preview', variant: finding.unique_id }),
  };
  const running = isOpen(newest) || start.isPending;
  const startReason = noRight ?? (running ? 'A run is under way: wait for it to end, or cancel it.' : null);
  const runButton = (
    <DisabledReason reason={startReason}>
      <Button
        variant="contained"
        startIcon={<PlayArrowIcon />}
        disabled={Boolean(startReason)}
        onClick={() =>
          start.mutate(
            { creativeId: creative.id },
            {
              onSuccess: (started) => {
                showAlert(qaStarted(creative, started));
                change({ extra: extraOf({ run: null, kind: null, severity: null }) });
              },
            },
          )
        }
      >
        Run QA
      </Button>
    </DisabledReason>
  );

  return (
    <Stack spacing={3}>
      <TitledCard
        title="Quality assurance"
        subheader="Every variant rendered as it serves and checked for overflowing text, broken media, feed gaps, weight, script errors and a missing click-through."
      >
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Box>{runButton}</Box>
          {runs.isPending ? <TabSkeleton /> : null}
          {runs.isError ? (
            <ErrorState
              message={`The QA runs could not be loaded. ${errorMessage(runs.error)}`}
              onRetry={() => void runs.refetch()}
            />
          ) : null}
          {runs.data && runs.data.data.length === 0 ? (
            <EmptyState title="No QA run yet.">
              <Typography variant="body2">
                {noRight
                  ? 'Someone with the qa or edit creatives permission can run one.'
                  : 'Run QA to check every variant of this creative before it goes live.'}
              </Typography>
            </EmptyState>
          ) : null}
          {runId !== null && detail.isPending ? <TabSkeleton /> : null}
          {detail.isError ? (
            <ErrorState
              message={`The QA run could not be loaded. ${errorMessage(detail.error)}`}
              onRetry={() => void detail.refetch()}
            />
          ) : null}
          {run ? <RunSummary creativeId={creative.id} run={run} canRun={noRight} /> : null}
        </Box>
      </TitledCard>
      {detail.data ? (
        <TitledCard title="Findings" subheader="Grouped by kind; each names its rule and what to change.">
          <FindingsPanel
            detail={detail.data}
            filter={filter}
            loading={detail.isPlaceholderData}
            links={links}
            onFilter={(next) => change({ extra: extraOf(next) })}
            onPage={(page) => change({ page })}
          />
        </TitledCard>
      ) : null}
      {runs.data && runs.data.data.length > 0 ? (
        <TitledCard title="Runs" subheader="The newest first; open one to see its findings.">
          <EarlierRuns
            runs={runs.data.data}
            shown={runId}
            onOpen={(opened) => change({ extra: extraOf({ run: opened.id, kind: null, severity: null }) })}
          />
        </TitledCard>
      ) : null}
    </Stack>
  );
}

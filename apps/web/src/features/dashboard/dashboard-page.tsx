import { isQa, type Section } from '@adstudio/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { EmptyState, ErrorState } from '../../components/ui/states';
import { TitledCard } from '../../components/ui/titled-card';
import { href, type RouteName } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { useUser } from '../../lib/auth';
import { useDashboard } from './api/get-dashboard';
import { ItemList } from './components/item-list';
import { SectionCard } from './components/section-card';

/** `statuses`: the section's list filters by the campaign/creative statuses, so its counts link there. */
const CARDS: readonly { section: Section; title: string; list: RouteName; statuses?: boolean }[] = [
  { section: 'campaigns', title: 'Campaigns', list: 'campaigns.view', statuses: true },
  { section: 'creatives', title: 'Creatives', list: 'creatives.view', statuses: true },
  { section: 'profiles', title: 'Profiles', list: 'profiles.view' },
  { section: 'conditions', title: 'Conditions', list: 'conditions.view' },
  { section: 'assets', title: 'Assets', list: 'assets.view' },
];

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)', xl: 'repeat(5, 1fr)' },
} as const;

function DashboardSkeleton() {
  return (
    <Box aria-busy="true" aria-label="Loading dashboard">
      <Box sx={grid}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} variant="rounded" height={132} />
        ))}
      </Box>
      <Skeleton variant="rounded" height={240} sx={{ mt: 3 }} />
    </Box>
  );
}

/**
 * Why the user is here instead of the section they opened (the section guard sends them with
 * `?denied=<section>`): one line, dismissed by closing it.
 */
function DeniedNotice() {
  const [search, setSearch] = useSearchParams();
  const denied = CARDS.find((card) => card.section === search.get('denied'));
  if (!denied) return null;
  const close = () =>
    setSearch(
      (params) => {
        params.delete('denied');
        return params;
      },
      { replace: true },
    );
  return (
    <Alert severity="info" onClose={close} sx={{ mb: 2 }}>
      {`You were brought to the dashboard because you cannot open ${denied.title}: it needs the permission 'edit ${denied.section}' or 'qa'. Ask an administrator if you need it.`}
    </Alert>
  );
}

export function DashboardPage() {
  const user = useUser();
  const theme = useTheme();
  const dashboard = useDashboard();
  // qa users' way in (their sidebar has no sections); admins see the queue when it has items.
  const qaUser = user ? isQa(user) : false;
  const showQueue = (queued: number) => qaUser || queued > 0;
  const firstName = user?.name.split(/\s+/)[0];

  return (
    <Box>
      <PageHeader title="Dashboard" subtitle={firstName ? `Welcome back, ${firstName}.` : undefined} />
      <DeniedNotice />
      {dashboard.isPending ? (
        <DashboardSkeleton />
      ) : dashboard.isError ? (
        <ErrorState
          message={`The dashboard could not be loaded. ${errorMessage(dashboard.error)}`}
          onRetry={() => void dashboard.refetch()}
        />
      ) : (
        <>
          {(() => {
            const cards = CARDS.filter((card) => dashboard.data.sections[card.section]);
            if (!cards.length) {
              return (
                <Card>
                  <EmptyState title="No sections are open to you yet.">
                    <Typography variant="body2">
                      Ask an administrator for access to campaigns or creatives.
                    </Typography>
                  </EmptyState>
                </Card>
              );
            }
            return (
              <Box component="section" aria-label="Totals" sx={grid}>
                {cards.map((card) => {
                  const counts = dashboard.data.sections[card.section]!;
                  return (
                    <SectionCard
                      key={card.section}
                      title={card.title}
                      to={href(card.list)}
                      total={counts.total}
                      byStatus={counts.by_status}
                      colour={theme.palette.section[card.section]}
                      statusHref={
                        card.statuses ? (status) => href(card.list, undefined, { status }) : undefined
                      }
                    />
                  );
                })}
              </Box>
            );
          })()}
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              mt: 3,
              gridTemplateColumns: {
                xs: '1fr',
                lg: showQueue(dashboard.data.qa_queue.length) ? 'repeat(2, 1fr)' : '1fr',
              },
              alignItems: 'start',
            }}
          >
            {showQueue(dashboard.data.qa_queue.length) ? (
              <TitledCard title="Waiting for QA" subheader="Items in quality assurance or testing" flush>
                <ItemList items={dashboard.data.qa_queue} empty="Nothing is waiting for QA." statusLinks />
              </TitledCard>
            ) : null}
            <TitledCard
              title="Recently changed"
              flush
              action={
                dashboard.isFetching ? null : (
                  <Button size="small" onClick={() => void dashboard.refetch()}>
                    Refresh
                  </Button>
                )
              }
            >
              <ItemList items={dashboard.data.recent} empty="No recent changes." />
            </TitledCard>
          </Box>
          <Typography variant="body2" color="textSecondary" sx={{ mt: 3 }}>
            Looking for something? Use the search box above, or{' '}
            <Link component={RouterLink} to={href('help')}>
              read the help
            </Link>
            .
          </Typography>
        </>
      )}
    </Box>
  );
}

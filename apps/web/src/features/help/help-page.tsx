import { STATUSES } from '@adstudio/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Columns } from '../../components/ui/columns';
import { PageHeader } from '../../components/ui/page-header';
import { StatusChip } from '../../components/ui/status-chip';
import { TitledCard } from '../../components/ui/titled-card';
import { env } from '../../config/env';
import { href } from '../../config/paths';

const STATUS_HELP: Record<(typeof STATUSES)[number], string> = {
  draft: 'Being set up; not yet handed to QA.',
  'action required': 'QA or a publisher found a problem that needs fixing.',
  'quality assurance': 'Waiting for a QA check.',
  testing: 'Being tested in a live-like environment.',
  delivered: 'Sent to the publisher or ad server.',
  ready: 'Approved and ready to go live.',
  live: 'Running.',
  finished: 'Ended.',
};

const KEYS: readonly [string, string][] = [
  ['↑ / ↓', 'Move through search results'],
  ['Enter', 'Open the highlighted search result'],
  ['Esc', 'Close the search'],
  ['Tab', 'Move between controls; the first Tab offers “Skip to content”'],
];

export function HelpPage() {
  const { docsUrl } = env();
  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title="Help" subtitle="How Adstudio is organised and where to find more." />
      <Columns from="md" gap={2} alignTop>
        <TitledCard title="Statuses">
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1.25, alignItems: 'center' }}
          >
            {STATUSES.map((status) => (
              <Box key={status} sx={{ display: 'contents' }}>
                <Box component="dt">
                  <StatusChip status={status} />
                </Box>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  {STATUS_HELP[status]}
                </Typography>
              </Box>
            ))}
          </Box>
        </TitledCard>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <TitledCard title="Keyboard">
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1 }}>
              {KEYS.map(([key, what]) => (
                <Box key={key} sx={{ display: 'contents' }}>
                  <Typography
                    component="dt"
                    variant="body2"
                    sx={{ fontFamily: 'monospace', fontWeight: 600 }}
                  >
                    {key}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                    {what}
                  </Typography>
                </Box>
              ))}
            </Box>
          </TitledCard>
          <TitledCard title="More help">
            <Typography variant="body2" sx={{ mb: 1 }}>
              Read the{' '}
              <Link href={docsUrl} target="_blank" rel="noopener noreferrer">
                documentation (opens in a new tab)
              </Link>
              .
            </Typography>
            <Typography variant="body2">
              Something missing or broken?{' '}
              <Link component={RouterLink} to={href('feedback')}>
                Send us feedback
              </Link>
              .
            </Typography>
          </TitledCard>
        </Box>
      </Columns>
    </Box>
  );
}

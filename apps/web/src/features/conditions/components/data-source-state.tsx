import type { DataSource } from '@adstudio/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { href } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { dataValueText, refreshText } from '../data-source-format';

/** The list's "Fetched" cell: when it last fetched, or its last error in the error colour. */
export function FetchedCell({ source }: { source: DataSource }) {
  if (source.last_error)
    return (
      <Typography
        variant="body2"
        color="error"
        noWrap
        title={source.last_error}
        sx={{ lineHeight: 'inherit' }}
      >
        {source.failed_at ? `${formatDateTime(source.failed_at)} · ` : ''}
        {source.last_error}
      </Typography>
    );
  return <span>{source.fetched_at ? formatDateTime(source.fetched_at) : 'Never'}</span>;
}

function Row({
  label,
  children,
  error = false,
}: {
  label: string;
  children: React.ReactNode;
  error?: boolean;
}) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '120px minmax(0, 1fr)', gap: 1 }}>
      <Typography variant="body2" color="textSecondary" component="dt">
        {label}
      </Typography>
      <Typography
        variant="body2"
        component="dd"
        color={error ? 'error' : undefined}
        sx={{ m: 0, wordBreak: 'break-word' }}
      >
        {children}
      </Typography>
    </Box>
  );
}

/**
 * What conditions read now (the last value fetched, or the default after a failure) and the fetch
 * history behind it: a failure keeps the last good value and says why it failed.
 */
export function DataSourceState({ source }: { source: DataSource }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gap: 1, m: 0 }}>
      <Row label="Value now">
        <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
          {dataValueText(source.value)}
        </Box>
      </Row>
      <Row label="Last value">
        <Box component="span" sx={{ fontFamily: 'monospace' }}>
          {dataValueText(source.last_value)}
        </Box>
      </Row>
      <Row label="Fetched">{source.fetched_at ? formatDateTime(source.fetched_at) : 'Never'}</Row>
      <Row label="Refreshed">{refreshText(source.refresh_seconds)}</Row>
      {source.last_error ? (
        <>
          <Row label="Last error" error>
            {source.last_error}
          </Row>
          <Row label="Failed" error>
            {formatDateTime(source.failed_at)}
          </Row>
        </>
      ) : null}
    </Box>
  );
}

/** The conditions that read the data source, as links. */
export function DataSourceUsedBy({ uses }: { uses: DataSource['used_by'] }) {
  if (uses.length === 0)
    return (
      <Typography variant="body2" color="textSecondary">
        No condition reads this data source.
      </Typography>
    );
  return (
    <List dense disablePadding aria-label="Conditions reading this data source">
      {uses.map((use) => (
        <ListItem key={use.id} disableGutters>
          <Link component={RouterLink} to={href('condition.view', { id: use.id })}>
            {use.name}
          </Link>
        </ListItem>
      ))}
    </List>
  );
}

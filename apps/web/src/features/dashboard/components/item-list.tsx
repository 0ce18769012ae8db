import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/ui/states';
import { StatusChip } from '../../../components/ui/status-chip';
import { href } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import type { DashboardItem } from '../api/get-dashboard';

const SECTION = {
  campaign: 'campaigns',
  creative: 'creatives',
  profile: 'profiles',
  condition: 'conditions',
} as const;

/** Each item type's list, which a status chip opens filtered by its status. */
const LIST = {
  campaign: 'campaigns.view',
  creative: 'creatives.view',
  profile: 'profiles.view',
  condition: 'conditions.view',
} as const;

/**
 * Recently changed items, or the QA queue: type, name (a link), status and last change. With
 * `statusLinks` (the queue: qa's way in, as their sidebar shows no sections), a campaign's or
 * creative's status chip opens its list filtered by that status: everything else waiting alike.
 */
export function ItemList({
  items,
  empty,
  statusLinks = false,
}: {
  items: readonly DashboardItem[];
  empty: string;
  statusLinks?: boolean;
}) {
  if (!items.length) return <EmptyState title={empty} />;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {items.map((item) => (
        <Box
          component="li"
          key={`${item.type}-${item.id}`}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            py: 1,
            px: 2,
            borderTop: 1,
            borderColor: 'divider',
            '&:first-of-type': { borderTop: 0 },
          }}
        >
          <Chip
            size="small"
            variant="outlined"
            label={item.type}
            sx={(theme) => ({
              minWidth: 82,
              color: theme.palette.section[SECTION[item.type]],
              borderColor: theme.palette.section[SECTION[item.type]],
            })}
          />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Link
              component={RouterLink}
              to={href(`${item.type}.view`, { id: item.id })}
              underline="hover"
              sx={{
                fontWeight: 500,
                display: 'block',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
              }}
            >
              {item.title}
            </Link>
            {item.updated_at ? (
              <Typography variant="caption" color="textSecondary">
                Updated {formatDateTime(item.updated_at)}
              </Typography>
            ) : null}
          </Box>
          {statusLinks && item.status && (item.type === 'campaign' || item.type === 'creative') ? (
            <Link
              component={RouterLink}
              to={href(LIST[item.type], undefined, { status: item.status })}
              underline="none"
              aria-label={`${SECTION[item.type]} in ${item.status}: show them`}
              sx={{ borderRadius: 4, flexShrink: 0 }}
            >
              <StatusChip status={item.status} sx={{ cursor: 'pointer' }} />
            </Link>
          ) : (
            <StatusChip status={item.status} />
          )}
        </Box>
      ))}
    </Box>
  );
}

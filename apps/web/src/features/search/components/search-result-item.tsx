import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { StatusChip } from '../../../components/ui/status-chip';
import { formatDate } from '../../../lib/format';
import { feedUrl, type SearchResult, type SearchType } from '../api/search';

const SECTION_OF: Record<SearchType, 'campaigns' | 'creatives' | 'profiles'> = {
  campaign: 'campaigns',
  creative: 'creatives',
  profile: 'profiles',
};

/** The subtitle of each type (spec section 2). */
function Subtitle({
  result,
  feedId,
  feedActive,
}: {
  result: SearchResult;
  feedId: string;
  feedActive: boolean;
}) {
  const s = result.searchable;
  const parts: React.ReactNode[] = [];
  if (result.type === 'campaign') {
    const launch = formatDate(s.launch_date);
    parts.push(launch ? `Launch ${launch}` : 'No launch date');
  } else if (result.type === 'creative') {
    if (s.width != null && s.height != null) parts.push(`${s.width} x ${s.height}`);
  } else {
    const feed = feedUrl(result);
    if (feed) {
      parts.push(
        <Link
          key="feed"
          id={feedId}
          href={feed}
          target="_blank"
          rel="noopener noreferrer"
          // Keyboard users reach it with the arrow keys (it becomes the active descendant), not Tab.
          tabIndex={-1}
          onClick={(event) => event.stopPropagation()}
          sx={(theme) => ({
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.25,
            borderRadius: 0.5,
            outline: feedActive ? `2px solid ${theme.palette.primary.main}` : 'none',
            outlineOffset: 1,
          })}
        >
          Open Data Feed
          <OpenInNewIcon sx={{ fontSize: 14 }} aria-label="(opens in a new tab)" />
        </Link>,
      );
    }
    const imported = formatDate(s.created_at);
    if (imported) parts.push(`Imported ${imported}`);
  }
  return (
    <Box
      component="span"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 0.5, fontSize: '0.8125rem' }}
    >
      <StatusChip status={s.status} sx={{ height: 20, fontSize: '0.75rem' }} />
      {parts.map((part, index) => (
        <Box component="span" key={typeof part === 'string' ? part : index} sx={{ color: 'text.secondary' }}>
          {part}
        </Box>
      ))}
    </Box>
  );
}

/**
 * One row of the results grid. A grid cell, unlike a listbox option, may hold a link of its own
 * (the profile's data feed) without nesting one interactive control inside another.
 */
export function SearchResultItem({
  rowId,
  cellId,
  feedId,
  result,
  active,
  feedActive,
  href,
  onHover,
  onOpen,
}: {
  rowId: string;
  cellId: string;
  feedId: string;
  result: SearchResult;
  active: boolean;
  feedActive: boolean;
  href: string;
  onHover: () => void;
  onOpen: () => void;
}) {
  return (
    <Box
      role="row"
      id={rowId}
      aria-selected={active}
      data-href={href}
      onMouseEnter={onHover}
      // Keep focus in the box so the keyboard keeps working after a hover.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onOpen}
      sx={(theme) => ({
        display: 'flex',
        px: 1.5,
        py: 1,
        borderRadius: 1,
        cursor: 'pointer',
        // A neutral highlight plus a bar: the coloured chips keep their contrast on it in both themes.
        bgcolor: active ? theme.palette.action.selected : 'transparent',
        boxShadow: active ? `inset 3px 0 0 ${theme.palette.primary.main}` : 'none',
      })}
    >
      <Box
        role="gridcell"
        id={cellId}
        sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flex: 1, minWidth: 0 }}
      >
        <Chip
          size="small"
          variant="outlined"
          label={result.type}
          sx={(theme) => ({
            mt: 0.25,
            minWidth: 72,
            color: theme.palette.section[SECTION_OF[result.type]],
            borderColor: theme.palette.section[SECTION_OF[result.type]],
          })}
        />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap title={result.title}>
            {result.title}
          </Typography>
          <Subtitle result={result} feedId={feedId} feedActive={feedActive} />
        </Box>
      </Box>
    </Box>
  );
}

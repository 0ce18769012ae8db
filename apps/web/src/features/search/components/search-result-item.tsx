import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { StatusChip } from '../../../components/ui/status-chip';
import { formatDate } from '../../../lib/format';
import type { SearchResult, SearchType } from '../api/search';

const SECTION_OF: Record<SearchType, 'campaigns' | 'creatives' | 'profiles'> = {
  campaign: 'campaigns',
  creative: 'creatives',
  profile: 'profiles',
};

export const spreadsheetUrl = (gsheetId: string) =>
  `https://docs.google.com/spreadsheets/d/${encodeURIComponent(gsheetId)}`;

/** The subtitle of each type (spec section 2). */
function Subtitle({ result }: { result: SearchResult }) {
  const s = result.searchable;
  const parts: React.ReactNode[] = [];
  if (result.type === 'campaign') {
    const launch = formatDate(s.launch_date);
    parts.push(launch ? `Launch ${launch}` : 'No launch date');
  } else if (result.type === 'creative') {
    if (s.width != null && s.height != null) parts.push(`${s.width} x ${s.height}`);
  } else {
    if (s.gsheet_id) {
      parts.push(
        <Link
          key="feed"
          href={spreadsheetUrl(s.gsheet_id)}
          target="_blank"
          rel="noopener noreferrer"
          tabIndex={-1}
          onClick={(event) => event.stopPropagation()}
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}
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

export function SearchResultItem({
  id,
  result,
  active,
  href,
  onHover,
  onOpen,
}: {
  id: string;
  result: SearchResult;
  active: boolean;
  href: string;
  onHover: () => void;
  onOpen: () => void;
}) {
  return (
    <Box
      component="li"
      id={id}
      role="option"
      aria-selected={active}
      data-href={href}
      onMouseEnter={onHover}
      // Keep focus in the box so the keyboard keeps working after a hover.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onOpen}
      sx={(theme) => ({
        display: 'flex',
        gap: 1.5,
        alignItems: 'flex-start',
        px: 1.5,
        py: 1,
        borderRadius: 1,
        cursor: 'pointer',
        bgcolor: active ? alpha(theme.palette.primary.main, 0.16) : 'transparent',
      })}
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
        <Subtitle result={result} />
      </Box>
    </Box>
  );
}

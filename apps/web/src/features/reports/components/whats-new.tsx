import type { ReportNews } from '@adstudio/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { SectionPanel } from '../../../components/ui/section-panel';
import { formatDateTime } from '../../../lib/format';

type NewsItem = ReportNews['items'][number];

/** How many items show before "Show all". */
const COLLAPSED = 5;

/** One change as a sentence: "Creative 'X' was added", "Daily Herald approved 'X'". */
export function newsSentence(item: NewsItem): string {
  const subject = item.creative ? `Creative '${item.creative.name}'` : 'The campaign';
  const name = item.creative ? `'${item.creative.name}'` : 'the campaign';
  switch (item.kind) {
    case 'new_creative':
      return `${subject} was added`;
    case 'status':
      if (item.from && item.to) return `${subject} moved from ${item.from} to ${item.to}`;
      return item.to ? `${subject} is now ${item.to}` : `${subject} changed status`;
    case 'approval': {
      const publisher = item.publisher ?? 'A publisher';
      if (item.to === 'approved' || item.to === 'rejected') return `${publisher} ${item.to} ${name}`;
      if (item.to === 'pending')
        return `${name.charAt(0).toUpperCase()}${name.slice(1)} awaits ${publisher}'s decision again`;
      return `${publisher} decided on ${name}`;
    }
  }
}

/** "What's new since {date}": the changes since this viewer's previous visit; nothing without any. */
export function WhatsNew({ news }: { news: ReportNews }) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  if (news.items.length === 0) return null;
  const shown = expanded ? news.items : news.items.slice(0, COLLAPSED);
  return (
    <SectionPanel title={`What's new since ${formatDateTime(news.since)}`}>
      <Box component="ul" id={listId} sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
        {shown.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: items have no id and the list is never reordered
          <Box component="li" key={index} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ flex: 1, minWidth: 200 }}>
              {newsSentence(item)}
            </Typography>
            <Typography variant="body2" color="textSecondary" component="span">
              {formatDateTime(item.at)}
            </Typography>
          </Box>
        ))}
      </Box>
      {news.items.length > COLLAPSED ? (
        <Box>
          <Button
            size="small"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => setExpanded((value) => !value)}
          >
            {expanded ? 'Show fewer' : `Show all ${news.items.length}`}
          </Button>
        </Box>
      ) : null}
    </SectionPanel>
  );
}

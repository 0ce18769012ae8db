import { TOKEN_VIEWS_MAX, type TokenLinkKind, type TokenView } from '@adstudio/contract';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { formatCounted, formatDateTime } from '../../lib/format';
import { describeUserAgent, useTokenViews } from '../../lib/token-views';
import { QueryView } from './query-view';
import { ScrollTable } from './scroll-region';

/** Enough of the viewer's hash to tell viewers apart at a glance. */
const VIEWER_CHARS = 8;

const KIND_NOUNS: Readonly<Record<TokenLinkKind, string>> = {
  preview: 'preview link',
  report: 'report link',
  approval: 'approval link',
};

function ViewsTable({ views }: { views: TokenView[] }) {
  return (
    <ScrollTable label="Views">
      <TableHead>
        <TableRow>
          <TableCell>When</TableCell>
          <TableCell>Viewer</TableCell>
          <TableCell>Browser</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {views.map((view, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two openings may share a second and a viewer; the list is never reordered
          <TableRow key={index}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(view.viewed_at)}</TableCell>
            <TableCell>
              <Box component="span" title={view.viewer} sx={{ fontFamily: 'monospace' }}>
                {view.viewer.slice(0, VIEWER_CHARS)}
              </Box>
            </TableCell>
            <TableCell>
              <Tooltip title={view.user_agent || 'No user agent was sent.'} describeChild>
                {/* Focusable, so keyboard users reach the full user agent too. */}
                <Box component="span" tabIndex={0}>
                  {describeUserAgent(view.user_agent)}
                </Box>
              </Tooltip>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollTable>
  );
}

/**
 * How often a shared link was opened ("3 views · last 21/11/2026 14:02"); a click lists the openings:
 * when, by whom (a keyed hash of the address, never the address) and with which browser.
 */
export function TokenViewsButton({
  kind,
  linkId,
  views,
  lastViewedAt,
}: {
  kind: TokenLinkKind;
  linkId: number;
  views: number;
  lastViewedAt: string | null;
}) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const list = useTokenViews(kind, linkId, open);

  if (views === 0) {
    return (
      <Button size="small" disabled sx={{ whiteSpace: 'nowrap' }}>
        Never opened
      </Button>
    );
  }
  const label = `${formatCounted(views, 'view')}${lastViewedAt ? ` · last ${formatDateTime(lastViewedAt)}` : ''}`;
  return (
    <>
      <Button
        size="small"
        startIcon={<VisibilityOutlinedIcon />}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        sx={{ whiteSpace: 'nowrap', textTransform: 'none' }}
      >
        {label}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} maxWidth="md" fullWidth>
        <DialogTitle id={titleId}>Views of this {KIND_NOUNS[kind]}</DialogTitle>
        <DialogContent>
          <QueryView
            query={list}
            pending="Loading the views…"
            error="The views could not be loaded."
            empty="No views recorded yet."
          >
            {(data) => (
              <Box sx={{ display: 'grid', gap: 1.5 }}>
                <ViewsTable views={data} />
                <Typography variant="caption" color="textSecondary">
                  {data.length >= TOKEN_VIEWS_MAX ? `The latest ${TOKEN_VIEWS_MAX} views are listed. ` : ''}
                  The viewer is a code made from the visitor's address: the same visitor shows the same code,
                  and the address itself is not kept.
                </Typography>
              </Box>
            )}
          </QueryView>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

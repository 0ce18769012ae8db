import type { AdTagListItem, Creative } from '@adstudio/contract';
import AddIcon from '@mui/icons-material/Add';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ActionsTableHead } from '../../../components/ui/actions-table-head';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryView } from '../../../components/ui/query-view';
import { ScrollTable } from '../../../components/ui/scroll-region';
import { EmptyState } from '../../../components/ui/states';
import { useCanAccess } from '../../../lib/access';
import { showAlert } from '../../../lib/alert';
import { formatCount, formatDate } from '../../../lib/format';
import { useAdTags } from '../api/get-ad-tags';
import { usePublisherOptions } from '../api/get-publisher-options';
import { useRevokeAdTag } from '../api/revoke-ad-tag';
import { NewTagDialog } from './new-tag-dialog';
import { TagSnippets } from './tag-snippets';

export const REVOKE_MESSAGE = 'Revoked tags answer 410; the placement stops showing the ad.';
const COLUMNS = ['Placement', 'Publisher', 'Created', 'Status', 'Impressions', 'Clicks'];
const SNIPPETS_ID = 'ad-tag-snippets';

function TagRow({
  tag,
  publisher,
  open,
  onToggle,
  onRevoke,
}: {
  tag: AdTagListItem;
  publisher: string;
  open: boolean;
  onToggle: () => void;
  /** Absent for readers: they may not revoke. */
  onRevoke: (() => void) | undefined;
}) {
  const active = tag.revoked_at === null;
  return (
    <TableRow data-testid="ad-tag" selected={open}>
      <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
        {tag.name}
      </TableCell>
      <TableCell>{publisher}</TableCell>
      <TableCell>{formatDate(tag.created_at)}</TableCell>
      <TableCell>
        {active ? (
          <Chip size="small" color="success" variant="outlined" label="Active" />
        ) : (
          <Chip size="small" variant="outlined" label={`Revoked ${formatDate(tag.revoked_at)}`} />
        )}
      </TableCell>
      <TableCell>{formatCount(tag.impressions_7d)}</TableCell>
      <TableCell>{formatCount(tag.clicks_7d)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {active ? (
          <Button
            size="small"
            onClick={onToggle}
            aria-expanded={open}
            aria-controls={open ? SNIPPETS_ID : undefined}
            aria-label={`${open ? 'Hide' : 'Show'} the snippets of ${tag.name}`}
            endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          >
            Snippets
          </Button>
        ) : null}
        {active && onRevoke ? (
          <Button size="small" color="error" onClick={onRevoke} aria-label={`Revoke ${tag.name}`}>
            Revoke
          </Button>
        ) : null}
      </TableCell>
    </TableRow>
  );
}

/**
 * The creative's ad tags: one per placement, with its 7-day figures and, when active, the snippets to
 * paste into an ad server. Creative editors create and revoke (the server checks it again).
 */
export function AdTagsTab({ creative }: { creative: Creative }) {
  const canWrite = useCanAccess('creatives', 'write');
  // The server lets only campaign editors list publishers: others create tags without one.
  const canReadPublishers = useCanAccess('campaigns', 'write');
  const tags = useAdTags(creative.id);
  const [creating, setCreating] = useState(false);
  const publishers = usePublisherOptions(canReadPublishers && creating);
  const revoke = useRevokeAdTag();
  const [openId, setOpenId] = useState<number | null>(null);
  const [revoking, setRevoking] = useState<AdTagListItem | null>(null);

  const openTag = tags.data?.find((tag) => tag.id === openId && tag.revoked_at === null);

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" color="textSecondary" sx={{ flex: '1 1 320px' }}>
          A tag puts this creative on a publisher's page through an ad server: each viewer gets the variant
          its rules choose. Impressions and clicks cover the last 7 days (UTC).
        </Typography>
        {canWrite ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            New tag
          </Button>
        ) : null}
      </Box>
      <QueryView
        query={tags}
        pending="Loading tags…"
        error="The tags could not be loaded."
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState
            title={
              canWrite
                ? 'No tags yet: create one for each placement, then paste its snippet into the ad server that fills it.'
                : 'No tags yet: someone who edits creatives creates one for each placement.'
            }
          />
        }
      >
        {(list) => (
          <ScrollTable label="Ad tags">
            <ActionsTableHead columns={COLUMNS} />
            <TableBody>
              {list.map((tag) => (
                <TagRow
                  key={tag.id}
                  tag={tag}
                  publisher={tag.media_entity_name ?? '—'}
                  open={openId === tag.id}
                  onToggle={() => setOpenId(openId === tag.id ? null : tag.id)}
                  onRevoke={canWrite ? () => setRevoking(tag) : undefined}
                />
              ))}
            </TableBody>
          </ScrollTable>
        )}
      </QueryView>
      {openTag ? (
        // Below the table, not in a row of it: at a phone's width the table scrolls, the snippets must not.
        <Paper
          variant="outlined"
          component="section"
          id={SNIPPETS_ID}
          aria-labelledby={`${SNIPPETS_ID}-title`}
          sx={{ p: 2 }}
        >
          <Typography variant="h3" component="h2" id={`${SNIPPETS_ID}-title`} sx={{ mb: 1 }}>
            Snippets of {openTag.name}
          </Typography>
          <TagSnippets tag={openTag} />
        </Paper>
      ) : null}
      {canWrite ? (
        <NewTagDialog
          creativeId={creative.id}
          open={creating}
          publishers={canReadPublishers ? (publishers.data?.data ?? []) : undefined}
          onClose={() => setCreating(false)}
          onCreated={(tag) => setOpenId(tag.id)}
        />
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        title={revoking ? `Revoke the tag ${revoking.name}?` : 'Revoke the tag?'}
        message={REVOKE_MESSAGE}
        confirmLabel="Revoke"
        destructive
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(
            { creativeId: creative.id, tagId: revoking.id },
            {
              onSuccess: () =>
                showAlert({ status: 200, data: { message: `Tag "${revoking.name}" revoked.` } }),
              onSettled: () => setRevoking(null),
            },
          );
        }}
      />
    </Box>
  );
}

import { AD_SERVER_LABELS, type AdTagListItem, type Creative } from '@adstudio/contract';
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
import { type ReactNode, useState } from 'react';
import { adTagsApi } from '../../../api/ad-tags';
import { usePublisherOptions } from '../../../api/media-entities';
import { ActionsTableHead } from '../../../components/ui/actions-table-head';
import { CreativeCampaignAlert } from '../../../components/ui/campaign-not-live-alert';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ShownHeading } from '../../../components/ui/page-title';
import { QueryView } from '../../../components/ui/query-view';
import { ScrollTable } from '../../../components/ui/scroll-region';
import { EmptyState } from '../../../components/ui/states';
import { useCanAccess } from '../../../lib/access';
import { showAlert } from '../../../lib/alert';
import { formatCount, formatDate } from '../../../lib/format';
import { NewTagDialog } from './new-tag-dialog';
import { TagSnippets } from './tag-snippets';

export const REVOKE_MESSAGE = 'Revoked tags answer 410; the placement stops showing the ad.';
const COLUMNS = ['Placement', 'Publisher', 'Ad server', 'Created', 'Status', 'Impressions', 'Clicks'];
const SNIPPETS_ID = 'ad-tag-snippets';
const TRIAL_ID = 'ad-tag-trial';

/** The panel open under the table: a tag's snippets, or its "Try it". */
type Panel = 'snippets' | 'try';

/** A row's panel toggle, announcing what it shows and whether it is open. */
function PanelToggle({
  open,
  controls,
  label,
  onClick,
  children,
}: {
  open: boolean;
  controls: string;
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      size="small"
      onClick={onClick}
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      aria-label={`${open ? 'Hide' : 'Show'} ${label}`}
      endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
    >
      {children}
    </Button>
  );
}

function TagRow({
  tag,
  publisher,
  open,
  onToggle,
  canTry,
  onRevoke,
}: {
  tag: AdTagListItem;
  publisher: string;
  /** The panel of this tag that is open, if any. */
  open: Panel | undefined;
  onToggle: (panel: Panel) => void;
  canTry: boolean;
  /** Absent for readers: they may not revoke. */
  onRevoke: (() => void) | undefined;
}) {
  const active = tag.revoked_at === null;
  return (
    <TableRow data-testid="ad-tag" selected={open !== undefined}>
      <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
        {tag.name}
      </TableCell>
      <TableCell>{publisher}</TableCell>
      <TableCell>{AD_SERVER_LABELS[tag.ad_server]}</TableCell>
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
          <PanelToggle
            open={open === 'snippets'}
            controls={SNIPPETS_ID}
            label={`the snippets of ${tag.name}`}
            onClick={() => onToggle('snippets')}
          >
            Snippets
          </PanelToggle>
        ) : null}
        {active && canTry ? (
          <PanelToggle
            open={open === 'try'}
            controls={TRIAL_ID}
            label={`Try it for ${tag.name}`}
            onClick={() => onToggle('try')}
          >
            Try it
          </PanelToggle>
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
 * paste into an ad server and, given `tryIt`, what the tag serves a chosen viewer (a read: readers
 * try too). Creative editors create and revoke (the server checks it again).
 */
export function AdTagsTab({
  creative,
  tryIt,
}: {
  creative: Creative;
  /** The "Try it" panel's body for an active tag (the app composes it with the conditions' simulator). */
  tryIt?: ((tag: AdTagListItem) => ReactNode) | undefined;
}) {
  const canWrite = useCanAccess('creatives', 'write');
  // The server lets only campaign editors list publishers: others create tags without one.
  const canReadPublishers = useCanAccess('campaigns', 'write');
  const tags = adTagsApi.useList(creative.id);
  const [creating, setCreating] = useState(false);
  const publishers = usePublisherOptions(canReadPublishers && creating);
  const revoke = adTagsApi.useRemove();
  // One panel at a time, under the table.
  const [open, setOpen] = useState<{ id: number; panel: Panel } | null>(null);
  const [revoking, setRevoking] = useState<AdTagListItem | null>(null);

  const openTag = tags.data?.find((tag) => tag.id === open?.id && tag.revoked_at === null);
  const toggle = (id: number, panel: Panel) =>
    setOpen(open?.id === id && open.panel === panel ? null : { id, panel });

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <CreativeCampaignAlert creative={creative} />
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
        noun="tags"
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
                  open={open?.id === tag.id ? open.panel : undefined}
                  onToggle={(panel) => toggle(tag.id, panel)}
                  canTry={tryIt !== undefined}
                  onRevoke={canWrite ? () => setRevoking(tag) : undefined}
                />
              ))}
            </TableBody>
          </ScrollTable>
        )}
      </QueryView>
      {openTag && open?.panel === 'snippets' ? (
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
      {openTag && open?.panel === 'try' && tryIt ? (
        <Paper
          variant="outlined"
          component="section"
          id={TRIAL_ID}
          aria-labelledby={`${TRIAL_ID}-title`}
          sx={{ p: 2, minWidth: 0 }}
        >
          <ShownHeading id={`${TRIAL_ID}-title`} sx={{ mb: 2 }}>
            Try {openTag.name}
          </ShownHeading>
          {tryIt(openTag)}
        </Paper>
      ) : null}
      {canWrite ? (
        <NewTagDialog
          creativeId={creative.id}
          open={creating}
          publishers={canReadPublishers ? (publishers.data?.data ?? []) : undefined}
          onClose={() => setCreating(false)}
          onCreated={(tag) => setOpen({ id: tag.id, panel: 'snippets' })}
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
            { parentId: creative.id, id: revoking.id },
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

import type { AdTagListItem, Creative } from '@adstudio/contract';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { adTagsApi } from '../../../api/ad-tags';
import { usePublisherOptions } from '../../../api/media-entities';
import { CreativeCampaignAlert } from '../../../components/ui/campaign-not-live-alert';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryView } from '../../../components/ui/query-view';
import { EmptyState } from '../../../components/ui/states';
import { useCanAccess } from '../../../lib/access';
import { showAlert } from '../../../lib/alert';
import { NewTagDialog } from './new-tag-dialog';
import { type Panel, SNIPPETS_ID, TAG_COLUMNS, TagList, TagPanel, TRIAL_ID } from './tag-item';
import { TagSnippets } from './tag-snippets';

/**
 * What revoking does, as a placement sees it (docs/decisions/0121): the serve URL and the script
 * answer 410 Gone with no ad, so a JS tag writes nothing and an iframe tag shows the browser's
 * error page in the ad's frame — hence the advice to take the tag out of the ad server too.
 */
export const REVOKE_MESSAGE =
  'The placement stops showing this creative at once: the tag answers every ad call with no ad. A JavaScript tag then shows nothing; an iframe tag shows an empty frame with the browser’s error icon, so take the tag out of the ad server too. This cannot be undone: to run the creative there again, create a new tag.';

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
          <TagList
            label="Ad tags"
            tags={list}
            columns={TAG_COLUMNS}
            actions={(tag) => ({
              open: open?.id === tag.id ? open.panel : undefined,
              onToggle: (panel) => toggle(tag.id, panel),
              canTry: tryIt !== undefined,
              onRevoke: canWrite ? () => setRevoking(tag) : undefined,
            })}
            panel={
              openTag && open?.panel === 'snippets' ? (
                <TagPanel
                  key={`snippets-${openTag.id}`}
                  id={SNIPPETS_ID}
                  title={`Snippets of ${openTag.name}`}
                >
                  <TagSnippets tag={openTag} />
                </TagPanel>
              ) : openTag && open?.panel === 'try' && tryIt ? (
                <TagPanel key={`try-${openTag.id}`} id={TRIAL_ID} title={`Try ${openTag.name}`} focus>
                  {tryIt(openTag)}
                </TagPanel>
              ) : null
            }
          />
        )}
      </QueryView>
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

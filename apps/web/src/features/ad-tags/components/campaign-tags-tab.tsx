import type { CampaignAdTag } from '@adstudio/contract';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { traffickingSheetUrl, useCampaignAdTags } from '../../../api/ad-tags';
import { DisabledReason } from '../../../components/ui/disabled-reason';
import { QueryView } from '../../../components/ui/query-view';
import { EmptyState } from '../../../components/ui/states';
import { SNIPPETS_ID, TAG_COLUMNS, type TagColumn, TagList, TagPanel } from './tag-item';
import { TagSnippets } from './tag-snippets';

/** The campaign's list puts each tag's creative, with its size, before the columns every tag list has. */
const COLUMNS: readonly TagColumn<CampaignAdTag>[] = [
  {
    label: 'Creative',
    value: (tag) => (
      <>
        {tag.creative_name}
        <Typography component="span" variant="body2" color="textSecondary" sx={{ display: 'block' }}>
          {tag.width} × {tag.height}
        </Typography>
      </>
    ),
  },
  ...TAG_COLUMNS,
];

/** The trafficking sheet's downloads; with no active tag there is nothing to traffic. */
function SheetDownloads({ campaignId, tags }: { campaignId: number; tags: readonly CampaignAdTag[] }) {
  const none = tags.every((tag) => tag.revoked_at !== null) ? 'No active tag to traffic yet.' : null;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {(['csv', 'xlsx'] as const).map((format) => (
        <DisabledReason key={format} reason={none}>
          <Button
            component="a"
            href={none ? undefined : traffickingSheetUrl(campaignId, format)}
            download
            variant="outlined"
            startIcon={<DownloadIcon />}
            disabled={none !== null}
          >
            Download {format.toUpperCase()}
          </Button>
        </DisabledReason>
      ))}
    </Box>
  );
}

/**
 * Every tag of the campaign's creatives, with the trafficking sheet (placement, size, ad server,
 * JS tag, iframe tag, serve URL of each active tag) to hand to whoever traffics them, as CSV or XLSX.
 * Tags are made and revoked on their creative's Tags tab.
 */
export function CampaignTagsTab({ campaignId }: { campaignId: number }) {
  const tags = useCampaignAdTags(campaignId);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <QueryView
        query={tags}
        noun="tags"
        empty={
          <EmptyState title="No tags yet: each creative's Tags tab makes one for each placement it runs on." />
        }
      >
        {(list) => {
          const openTag = list.find((tag) => tag.id === open && tag.revoked_at === null);
          return (
            <>
              <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body2" color="textSecondary" sx={{ flex: '1 1 320px' }}>
                  The tags of every creative in this campaign. The trafficking sheet holds each active tag's
                  placement, size, ad server and snippets, for whoever traffics them; revoked tags are left
                  out.
                </Typography>
                <SheetDownloads campaignId={campaignId} tags={list} />
              </Box>
              <TagList
                label="Campaign tags"
                tags={list}
                columns={COLUMNS}
                actions={(tag) => ({
                  open: openTag?.id === tag.id ? 'snippets' : undefined,
                  onToggle: () => setOpen(open === tag.id ? null : tag.id),
                  canTry: false,
                })}
                panel={
                  openTag ? (
                    <TagPanel key={openTag.id} id={SNIPPETS_ID} title={`Snippets of ${openTag.name}`}>
                      <TagSnippets tag={openTag} />
                    </TagPanel>
                  ) : null
                }
              />
            </>
          );
        }}
      </QueryView>
    </Box>
  );
}

import type { ProcessingAsset, ProcessingState } from '@adstudio/contract';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip, { type ChipProps } from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { formatBytes } from '../../../lib/format';
import { isInProgress } from '../api/get-processing-assets';
import { dimensionsText } from '../asset-format';
import { AssetThumbnail } from './asset-thumbnail';

export const PROCESSING_STATE_LABELS: Readonly<Record<ProcessingState, string>> = {
  queued: 'Queued',
  fetching: 'Fetching',
  ready: 'Ready',
  failed: 'Failed',
  unavailable: 'Unavailable',
};

const STATE_COLOURS: Readonly<Record<ProcessingState, ChipProps['color']>> = {
  queued: 'info',
  fetching: 'info',
  ready: 'success',
  failed: 'error',
  unavailable: 'default',
};

/** The feed column an image comes from, or "Backup image". */
export const ruleAssetTitle = (item: Pick<ProcessingAsset, 'kind' | 'column'>): string =>
  item.kind === 'backup' ? 'Backup image' : (item.column ?? 'Image');

/** "1.5 MB · 300 × 250" of a ready item; '' before. */
const factsText = (item: ProcessingAsset): string =>
  item.state === 'ready'
    ? [item.size === null ? '' : formatBytes(item.size), dimensionsText(item)].filter(Boolean).join(' · ')
    : '';

export function ProcessingStateChip({ state }: { state: ProcessingState }) {
  return (
    <Chip
      size="small"
      color={STATE_COLOURS[state]}
      label={PROCESSING_STATE_LABELS[state]}
      icon={isInProgress({ state }) ? <CircularProgress size={12} color="inherit" aria-hidden /> : undefined}
      sx={{ justifySelf: 'start' }}
    />
  );
}

/**
 * One item of a rule: its thumbnail once ready (a placeholder before), the column it comes from,
 * its state, source URL, size and, when it failed or cannot be made, why. A ready one opens its file.
 */
export function RuleAssetCard({ item }: { item: ProcessingAsset }) {
  const title = ruleAssetTitle(item);
  const ready = item.state === 'ready';
  const facts = factsText(item);
  const showReason = item.reason && (item.state === 'failed' || item.state === 'unavailable');
  const picture = (
    <>
      {/* Named by the title beside it. */}
      <AssetThumbnail
        name={title}
        thumbnailUrl={ready ? item.thumbnail_url : null}
        decorative
        sx={{ aspectRatio: '4 / 3' }}
      />
      <Typography variant="body2" noWrap title={title} sx={{ fontWeight: 500, px: 1.5, pt: 1 }}>
        {title}
      </Typography>
    </>
  );
  return (
    <Card
      component="li"
      aria-label={title}
      data-testid="rule-asset-card"
      data-state={item.state}
      sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}
    >
      {ready && item.url ? (
        <CardActionArea
          component="a"
          href={item.url}
          target="_blank"
          rel="noopener noreferrer"
          title="Open the file in a new tab"
        >
          {picture}
        </CardActionArea>
      ) : (
        picture
      )}
      <Box sx={{ display: 'grid', gap: 0.5, px: 1.5, pt: 0.5, pb: 1.5, minWidth: 0 }}>
        <ProcessingStateChip state={item.state} />
        {item.source_url ? (
          <Typography variant="caption" color="textSecondary" component="p" noWrap title={item.source_url}>
            {item.source_url}
          </Typography>
        ) : null}
        {facts ? (
          <Typography variant="caption" color="textSecondary" component="p">
            {facts}
          </Typography>
        ) : null}
        {showReason ? (
          <Typography
            variant="caption"
            component="p"
            color={item.state === 'failed' ? 'error' : 'textSecondary'}
            sx={{ overflowWrap: 'anywhere' }}
          >
            {item.reason}
          </Typography>
        ) : null}
      </Box>
    </Card>
  );
}

import { ASSET_RESTORE_DAYS, type Asset, type Creative } from '@adstudio/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { FilterField } from '../../../components/ui/filter-field';
import { QueryView } from '../../../components/ui/query-view';
import { EmptyState } from '../../../components/ui/states';
import { UploadZone } from '../../../components/ui/upload-zone';
import { useCanAccess } from '../../../lib/access';
import { formatCounted } from '../../../lib/format';
import { useClaimAsset } from '../api/claim-asset';
import { useCreativeAssets } from '../api/get-creative-assets';
import {
  ASSET_ORDERS,
  type AssetOrder,
  type AssetView,
  assetViewQuery,
  fitsAsBackupImage,
} from '../asset-format';
import { AssetGrid } from './asset-grid';
import { BackupOffer } from './backup-offer';
import { RuleAssets } from './rule-assets';

/** What the picker offers; the server decides by the bytes (images, video, fonts, CSV, JSON; no SVG). */
const ACCEPT =
  'image/png,image/jpeg,image/gif,image/webp,image/avif,video/*,font/*,.woff,.woff2,.ttf,.otf,.csv,.json';
const HINT =
  'PNG, JPEG, GIF, WebP or AVIF images, MP4, WebM or QuickTime videos, web fonts, CSV or JSON, up to 100 MB each.';

function BackupImageNote({ creative, name }: { creative: Creative; name: string | undefined }) {
  const size = `${creative.width} × ${creative.height}`;
  return (
    <Typography variant="body2" color="textSecondary">
      {creative.fallback_asset_id
        ? `Backup image: ${name ? `"${name}"` : `asset #${creative.fallback_asset_id}`}. Any image of exactly ${size} can replace it.`
        : `No backup image yet: set one from an image of exactly ${size}. It is shown where the ad cannot play.`}
    </Typography>
  );
}

function emptyTitle(view: AssetView): string {
  const deleted = view.deleted ? 'deleted ' : '';
  if (view.filter) return `No ${deleted}assets match "${view.filter}".`;
  return view.deleted ? 'No deleted assets.' : 'No assets yet.';
}

/**
 * One creative's assets: the upload zone, the grid (filter, order, deleted ones) and its actions;
 * below them, for a creative driven by a profile, the assets of one of its rules (`RuleAssets`).
 * The `/assets/creative/{id}` page and the creative view's Assets tab both show it. The toolbar's
 * state is the component's own, not the URL's: a URL change remounts the view, which would stop
 * uploads in flight. Without the creative (a user who may not read creatives) there is no backup image.
 */
export function CreativeAssets(props: { creativeId: number; creative?: Creative | undefined }) {
  return useCanAccess('assets', 'read') ? (
    <CreativeAssetsBody {...props} />
  ) : (
    <Alert severity="info">Seeing a creative's assets needs the assets permission.</Alert>
  );
}

function CreativeAssetsBody({
  creativeId,
  creative,
}: {
  creativeId: number;
  creative?: Creative | undefined;
}) {
  const canWrite = useCanAccess('assets', 'write');
  const canSetBackup = useCanAccess('creatives', 'write');
  const [view, setView] = useState<AssetView>({ filter: '', order: 'newest', deleted: false });
  const assets = useCreativeAssets(creativeId, assetViewQuery(view));
  const claimOne = useClaimAsset(creativeId);
  // The last upload that could be the backup image, offered in one step until used or dismissed.
  const [offered, setOffered] = useState<Asset | null>(null);
  const claim = useCallback(
    async (upload: { key: string; name: string }, signal: AbortSignal) => {
      const asset = await claimOne(upload, signal);
      if (canSetBackup && creative && fitsAsBackupImage(asset, creative)) setOffered(asset);
      return asset;
    },
    [claimOne, canSetBackup, creative],
  );
  const change = (changes: Partial<AssetView>) => setView((current) => ({ ...current, ...changes }));
  const stale = assets.isPlaceholderData;
  const backupName = assets.data?.data.find((asset) => asset.id === creative?.fallback_asset_id)?.name;
  const total = assets.data?.meta.total;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {creative ? <BackupImageNote creative={creative} name={backupName} /> : null}
      {canWrite ? <UploadZone label="Upload assets" hint={HINT} accept={ACCEPT} claim={claim} /> : null}
      {creative && offered && offered.id !== creative.fallback_asset_id ? (
        <BackupOffer creative={creative} asset={offered} onClose={() => setOffered(null)} />
      ) : null}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <FilterField
          noun="assets"
          filter={view.filter}
          placeholder="Name"
          focusFilter={false}
          onFilter={(filter) => change({ filter })}
        />
        <TextField
          select
          size="small"
          label="Order"
          value={view.order}
          onChange={(event) => change({ order: event.target.value as AssetOrder })}
          sx={{ width: { xs: '100%', sm: 200 } }}
        >
          {ASSET_ORDERS.map((order) => (
            <MenuItem key={order.value} value={order.value}>
              {order.label}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1 }} />
        {total !== undefined && !stale ? (
          <Typography variant="body2" color="textSecondary">
            {formatCounted(total, view.deleted ? 'deleted asset' : 'asset')}
          </Typography>
        ) : null}
        <FormControlLabel
          control={
            <Switch checked={view.deleted} onChange={(event) => change({ deleted: event.target.checked })} />
          }
          label="Show deleted"
          sx={{ mr: 0 }}
        />
      </Box>
      <QueryView
        query={assets}
        noun="assets"
        empty={
          <EmptyState title={emptyTitle(view)}>
            {view.deleted
              ? `Deleted assets can be restored for ${ASSET_RESTORE_DAYS} days.`
              : canWrite && !view.filter
                ? 'Drop files on the zone above, or choose them, to upload the first ones.'
                : null}
          </EmptyState>
        }
      >
        {(list) => (
          <Box aria-busy={stale || undefined}>
            {stale ? <LinearProgress aria-label="Loading assets" sx={{ mb: 1 }} /> : null}
            <Box sx={{ opacity: stale ? 0.6 : 1, transition: 'opacity 120ms' }}>
              <AssetGrid
                assets={list.data}
                creative={creative}
                canWrite={canWrite}
                canSetBackup={canSetBackup}
              />
            </Box>
          </Box>
        )}
      </QueryView>
      {creative?.profile_id ? <RuleAssets creativeId={creativeId} profileId={creative.profile_id} /> : null}
    </Box>
  );
}

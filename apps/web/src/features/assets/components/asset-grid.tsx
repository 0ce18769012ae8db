import { ASSET_RESTORE_DAYS, type Asset, type Creative } from '@adstudio/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { assetsApi } from '../../../api/assets';
import { creativeKeys } from '../../../api/creative-keys';
import { CardGrid } from '../../../components/ui/card-grid';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { showAlert } from '../../../lib/alert';
import { useSetBackupImage } from '../api/set-backup-image';
import { fitsAsBackupImage } from '../asset-format';
import { AssetCard } from './asset-card';
import { RenameAssetDialog } from './rename-asset-dialog';

const done = (message: string) => showAlert({ status: 200, data: { message } });

/**
 * A creative's assets as a responsive grid of cards, with rename, delete (after confirmation) and
 * restore for asset writers and "Set as backup image" on images of the creative's size for
 * creative writers (the server checks both too).
 */
export function AssetGrid({
  assets,
  creative,
  canWrite,
  canSetBackup,
}: {
  assets: readonly Asset[];
  /** Unknown to users who may not read creatives: no backup image then. */
  creative: Pick<Creative, 'id' | 'width' | 'height' | 'fallback_asset_id'> | undefined;
  canWrite: boolean;
  canSetBackup: boolean;
}) {
  const [renaming, setRenaming] = useState<Asset | null>(null);
  const [deleting, setDeleting] = useState<Asset | null>(null);
  const remove = assetsApi.useRemove();
  const restore = assetsApi.useRestore();
  const setBackup = useSetBackupImage();
  const queryClient = useQueryClient();
  const names = new Map(assets.map((asset) => [asset.id, asset.name]));
  const busy = remove.isPending || restore.isPending || setBackup.isPending;

  const confirmDelete = (asset: Asset) =>
    remove.mutate(asset.id, {
      onSuccess: () => {
        done(`Deleted "${asset.name}".`);
        // The server may have let go of it as the backup image.
        if (creative?.fallback_asset_id === asset.id) {
          void queryClient.invalidateQueries({ queryKey: creativeKeys.detail(creative.id) });
        }
      },
      onSettled: () => setDeleting(null),
    });

  return (
    <>
      <CardGrid label="Assets" minWidth={200}>
        {assets.map((asset) => (
          <AssetCard
            key={asset.id}
            asset={asset}
            isBackup={creative?.fallback_asset_id === asset.id}
            duplicateOf={
              asset.duplicate_of === null ? null : (names.get(asset.duplicate_of) ?? `#${asset.duplicate_of}`)
            }
            busy={busy}
            actions={{
              onRename: canWrite ? setRenaming : undefined,
              onDelete: canWrite ? setDeleting : undefined,
              onRestore: canWrite
                ? (item) => restore.mutate(item.id, { onSuccess: () => done(`Restored "${item.name}".`) })
                : undefined,
              onSetBackup:
                canSetBackup && creative && fitsAsBackupImage(asset, creative)
                  ? (item) =>
                      setBackup.mutate(
                        { creativeId: creative.id, assetId: item.id },
                        { onSuccess: () => done(`"${item.name}" is now the backup image.`) },
                      )
                  : undefined,
            }}
          />
        ))}
      </CardGrid>
      <RenameAssetDialog asset={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this asset?"
        message={
          deleting
            ? `"${deleting.name}" will be moved to the deleted assets, where it can be restored for ${ASSET_RESTORE_DAYS} days.${
                creative?.fallback_asset_id === deleting.id ? ' It is the creative’s backup image.' : ''
              }`
            : ''
        }
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && confirmDelete(deleting)}
      />
    </>
  );
}

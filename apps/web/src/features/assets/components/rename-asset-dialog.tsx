import { type Asset, AssetUpdateSchema } from '@adstudio/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { assetsApi } from '../../../api/assets';
import { FormTextField } from '../../../components/ui/form-text-field';
import { VersionedFormAlerts } from '../../../components/ui/versioned-form-alerts';
import { useVersionedForm } from '../../../lib/use-versioned-form';

const RenameSchema = AssetUpdateSchema.pick({ name: true });
type RenameInput = z.input<typeof RenameSchema>;
type RenameValues = z.output<typeof RenameSchema>;

const toValues = (asset: Asset): RenameInput => ({ name: asset.name });

/** The rename form: a stale save (409) offers to reload and re-apply, like the item forms. */
function RenameForm({ asset, titleId, onClose }: { asset: Asset; titleId: string; onClose: () => void }) {
  const form = useForm<RenameInput, unknown, RenameValues>({
    resolver: zodResolver(RenameSchema),
    defaultValues: toValues(asset),
  });
  const update = assetsApi.useUpdate();
  const queryClient = useQueryClient();
  const saved = useRef(false);
  const edit = useVersionedForm({
    noun: 'asset',
    item: asset,
    form,
    toValues,
    save: async (values, updatedAt) => {
      const renamed = await update.mutateAsync({ id: asset.id, body: { ...values, updated_at: updatedAt } });
      saved.current = true;
      return renamed;
    },
    fetchLatest: () => queryClient.fetchQuery({ ...assetsApi.itemQueryOptions(asset.id), staleTime: 0 }),
    savedMessage: 'Asset renamed.',
  });
  const submit = async (values: RenameValues) => {
    await edit.submit(values);
    if (saved.current) onClose();
  };
  const { isSubmitting, errors } = form.formState;

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)}>
      <DialogTitle id={titleId}>Rename asset</DialogTitle>
      <DialogContent>
        <VersionedFormAlerts edit={edit} />
        <FormTextField
          control={form.control}
          name="name"
          label="Name"
          required
          fullWidth
          autoFocus
          sx={{ mt: 1 }}
          hint={asset.original_name !== asset.name ? `Uploaded as "${asset.original_name}".` : undefined}
        />
        {errors.root?.server?.message ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {errors.root.server.message}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Rename'}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Renames an asset (PUT with the `updated_at` it was based on). */
export function RenameAssetDialog({ asset, onClose }: { asset: Asset | null; onClose: () => void }) {
  const titleId = useId();
  // The form stays while the dialog fades out.
  const [shown, setShown] = useState(asset);
  if (asset && asset !== shown) setShown(asset);
  return (
    <Dialog open={asset !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      {shown ? (
        <RenameForm
          key={`${shown.id}-${shown.updated_at}`}
          asset={shown}
          titleId={titleId}
          onClose={onClose}
        />
      ) : null}
    </Dialog>
  );
}

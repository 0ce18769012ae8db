import { type Package, PackageUpdateSchema } from '@adstudio/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { packagesApi } from '../../../api/packages';
import { FormTextField } from '../../../components/ui/form-text-field';
import { VersionedFormAlerts } from '../../../components/ui/versioned-form-alerts';
import { useSchemaForm } from '../../../lib/schema-form';
import { useVersionedForm } from '../../../lib/use-versioned-form';

/** The contract's notes rule (trimmed, at most 2000 characters) over the field's text. */
const NotesSchema = z.object({ notes: PackageUpdateSchema.shape.notes.unwrap().unwrap() });
type NotesInput = z.input<typeof NotesSchema>;

const toValues = (pkg: Package): NotesInput => ({ notes: pkg.notes ?? '' });

/** A version's notes: editable by reviewers (a stale save offers "reload and re-apply"), read by others. */
export function PackageNotes({ pkg, canWrite }: { pkg: Package; canWrite: boolean }) {
  if (!canWrite) {
    return pkg.notes ? (
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
        <Box component="span" sx={{ color: 'text.secondary' }}>
          Notes:{' '}
        </Box>
        {pkg.notes}
      </Typography>
    ) : null;
  }
  return <NotesForm pkg={pkg} />;
}

function NotesForm({ pkg }: { pkg: Package }) {
  const queryClient = useQueryClient();
  const update = packagesApi.useUpdate();
  const form = useSchemaForm(NotesSchema, toValues(pkg));
  const edit = useVersionedForm({
    noun: 'package',
    item: pkg,
    form,
    toValues,
    save: (values, updatedAt) =>
      update.mutateAsync({
        parentId: pkg.creative_id,
        id: pkg.id,
        body: { notes: values.notes || null, updated_at: updatedAt },
      }),
    fetchLatest: async () => {
      const list = await queryClient.fetchQuery({
        ...packagesApi.listQueryOptions(pkg.creative_id),
        staleTime: 0,
      });
      const latest = list.find((item) => item.id === pkg.id);
      if (!latest) throw new Error('This version is no longer there.');
      return latest;
    },
    savedMessage: `Notes of version ${pkg.version} saved.`,
  });
  const { isSubmitting } = form.formState;

  return (
    <Box
      component="form"
      noValidate
      aria-label={`Notes of version ${pkg.version}`}
      onSubmit={form.handleSubmit(edit.submit)}
      sx={{ display: 'grid', gap: 1 }}
    >
      <VersionedFormAlerts edit={edit} />
      <FormTextField
        control={form.control}
        name="notes"
        label="Notes"
        size="small"
        multiline
        minRows={1}
        maxRows={6}
        fullWidth
        placeholder="What changed in this version, what to check"
      />
      {edit.isDirty ? (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button type="submit" size="small" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save notes'}
          </Button>
          <Button size="small" onClick={edit.cancel} disabled={isSubmitting}>
            Cancel
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}

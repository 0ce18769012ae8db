import {
  type MediaEntity,
  type MediaEntityCreate,
  type MediaEntityCreateInput,
  MediaEntityCreateSchema,
} from '@adstudio/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/ui/form-text-field';
import { dialogSave } from '../../../lib/dialog-save';
import { useCreateMediaEntity } from '../api/create-media-entity';
import { useUpdateMediaEntity } from '../api/update-media-entity';
import { publisherFormValues } from '../publisher-format';

/** Creates or edits a publisher; the server's 422 messages show on their fields. */
function PublisherForm({ publisher, onClose }: { publisher: MediaEntity | null; onClose: () => void }) {
  const form = useForm<MediaEntityCreateInput, unknown, MediaEntityCreate>({
    resolver: zodResolver(MediaEntityCreateSchema),
    defaultValues: publisherFormValues(publisher),
  });
  const create = useCreateMediaEntity();
  const update = useUpdateMediaEntity();
  const titleId = useId();
  const { control, formState, handleSubmit } = form;

  const submit = (values: MediaEntityCreate) =>
    dialogSave(form, {
      noun: 'publisher',
      save: () =>
        publisher
          ? update.mutateAsync({ id: publisher.id, body: { ...values, updated_at: publisher.updated_at } })
          : create.mutateAsync(values),
      onClose,
    });

  const rootError = formState.errors.root?.server?.message;
  return (
    <Box component="form" noValidate onSubmit={handleSubmit(submit)} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {publisher ? `Edit publisher ${publisher.name}` : 'New publisher'}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
        <FormTextField control={control} name="name" label="Name" required autoFocus />
        <FormTextField
          control={control}
          name="domain"
          label="Domain"
          hint="The publisher's host name, e.g. news.example.com."
        />
        <FormTextField control={control} name="contact_name" label="Contact name" autoComplete="off" />
        <FormTextField
          control={control}
          name="contact_email"
          label="Contact email"
          type="email"
          autoComplete="off"
        />
        {rootError ? (
          <Alert severity="error" role="alert">
            {rootError}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={formState.isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving…' : 'Save publisher'}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** The publisher dialog: `publisher` null for a new one; closed while `open` is false. */
export function PublisherDialog({
  open,
  publisher,
  onClose,
}: {
  open: boolean;
  publisher: MediaEntity | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      {open ? <PublisherForm key={publisher?.id ?? 'new'} publisher={publisher} onClose={onClose} /> : null}
    </Dialog>
  );
}

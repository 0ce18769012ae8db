import {
  type ProfileTemplate,
  type ProfileTemplateWrite,
  type ProfileTemplateWriteInput,
  ProfileTemplateWriteSchema,
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
import { useCreateProfileTemplate } from '../api/create-profile-template';
import { useUpdateProfileTemplate } from '../api/update-profile-template';
import { TemplateColumnsEditor } from './template-columns-editor';

const formValues = (template: ProfileTemplate | null): ProfileTemplateWriteInput => ({
  name: template?.name ?? '',
  columns: template?.columns.map((column) => ({ ...column })) ?? [
    { name: 'Unique_ID', type: 'text', required: true },
    { name: 'Reporting_Label', type: 'text', required: true },
  ],
});

/** Creates or edits a template; the server's 422 messages show on their fields. */
function TemplateForm({ template, onClose }: { template: ProfileTemplate | null; onClose: () => void }) {
  const form = useForm<ProfileTemplateWriteInput, unknown, ProfileTemplateWrite>({
    resolver: zodResolver(ProfileTemplateWriteSchema),
    defaultValues: formValues(template),
  });
  const create = useCreateProfileTemplate();
  const update = useUpdateProfileTemplate();
  const titleId = useId();
  const { control, formState, handleSubmit } = form;

  const submit = (values: ProfileTemplateWrite) =>
    dialogSave(form, {
      noun: 'template',
      save: () =>
        template
          ? update.mutateAsync({ id: template.id, body: { ...values, updated_at: template.updated_at } })
          : create.mutateAsync(values),
      onClose,
    });

  const rootError = formState.errors.root?.server?.message;
  return (
    <Box component="form" noValidate onSubmit={handleSubmit(submit)} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{template ? `Edit template ${template.name}` : 'New template'}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
        <FormTextField control={control} name="name" label="Name" required autoFocus />
        <TemplateColumnsEditor control={control} errors={formState.errors} />
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
          {formState.isSubmitting ? 'Saving…' : 'Save template'}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** The template dialog: `template` null for a new one; closed while `open` is false. */
export function TemplateDialog({
  open,
  template,
  onClose,
}: {
  open: boolean;
  template: ProfileTemplate | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md">
      {open ? <TemplateForm key={template?.id ?? 'new'} template={template} onClose={onClose} /> : null}
    </Dialog>
  );
}

import {
  type ProfileTemplate,
  type ProfileTemplateWriteInput,
  ProfileTemplateWriteSchema,
} from '@adstudio/contract';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { ActionsTableHead } from '../../../components/ui/actions-table-head';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormDialog } from '../../../components/ui/form-dialog';
import { FormTextField } from '../../../components/ui/form-text-field';
import { QueryView } from '../../../components/ui/query-view';
import { RowActionsCell } from '../../../components/ui/row-actions';
import { ScrollTable } from '../../../components/ui/scroll-region';
import { TitledCard } from '../../../components/ui/titled-card';
import { showAlert } from '../../../lib/alert';
import { formatDate } from '../../../lib/format';
import { useCreateProfileTemplate } from '../api/create-profile-template';
import { useDeleteProfileTemplate } from '../api/delete-profile-template';
import { useProfileTemplates } from '../api/get-profile-templates';
import { useUpdateProfileTemplate } from '../api/update-profile-template';
import { TemplateColumnsEditor } from './template-columns-editor';

/** The dialog's starting values: a template's, or a new one's with the two columns every feed has. */
const templateFormValues = (template: ProfileTemplate | null): ProfileTemplateWriteInput => ({
  name: template?.name ?? '',
  columns: template?.columns.map((column) => ({ ...column })) ?? [
    { name: 'Unique_ID', type: 'text', required: true },
    { name: 'Reporting_Label', type: 'text', required: true },
  ],
});

const columnsText = (template: ProfileTemplate) => {
  const required = template.columns.filter((column) => column.required).length;
  return `${template.columns.length} (${required} required)`;
};

/** Profile templates (editors of profiles): the columns, types and required cells a feed's sync checks. */
export function ProfileTemplatesCard() {
  const templates = useProfileTemplates();
  const remove = useDeleteProfileTemplate();
  const [editing, setEditing] = useState<{ template: ProfileTemplate | null } | null>(null);
  const [deleting, setDeleting] = useState<ProfileTemplate | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    const { id, name } = deleting;
    remove.mutate(id, {
      onSuccess: () => showAlert({ status: 200, data: { message: `Template "${name}" deleted.` } }),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <TitledCard
      title="Profile templates"
      subheader="What each sync checks a feed against: its columns, their types, the required cells."
      action={
        <Button startIcon={<AddIcon />} onClick={() => setEditing({ template: null })}>
          New template
        </Button>
      }
    >
      <QueryView
        query={templates}
        pending="Loading templates…"
        error="The templates could not be loaded."
        isEmpty={(list) => list.length === 0}
        empty="No templates yet."
      >
        {(list) => (
          <ScrollTable label="Profile templates">
            <ActionsTableHead columns={['Name', 'Columns', 'Updated']} />
            <TableBody>
              {list.map((template) => (
                <TableRow key={template.id}>
                  <TableCell sx={{ fontWeight: 500 }}>{template.name}</TableCell>
                  <TableCell title={template.columns.map((column) => column.name).join(', ')}>
                    {columnsText(template)}
                  </TableCell>
                  <TableCell>{formatDate(template.updated_at)}</TableCell>
                  <RowActionsCell
                    name={template.name}
                    onEdit={() => setEditing({ template })}
                    onDelete={() => setDeleting(template)}
                  />
                </TableRow>
              ))}
            </TableBody>
          </ScrollTable>
        )}
      </QueryView>
      <FormDialog
        open={editing !== null}
        item={editing?.template ?? null}
        onClose={() => setEditing(null)}
        noun="template"
        schema={ProfileTemplateWriteSchema}
        values={templateFormValues}
        useCreate={useCreateProfileTemplate}
        useUpdate={useUpdateProfileTemplate}
        maxWidth="md"
      >
        {({ control, formState }) => (
          <>
            <FormTextField control={control} name="name" label="Name" required autoFocus />
            <TemplateColumnsEditor control={control} errors={formState.errors} />
          </>
        )}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this template?"
        message={`"${deleting?.name ?? ''}" will be deleted. Profiles that use it keep it until they choose another; while any does, it cannot be deleted.`}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </TitledCard>
  );
}

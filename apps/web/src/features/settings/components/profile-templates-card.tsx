import {
  type ProfileTemplate,
  type ProfileTemplateWriteInput,
  ProfileTemplateWriteSchema,
} from '@adstudio/contract';
import { profileTemplatesApi, useProfileTemplates } from '../../../api/profile-templates';
import { FormTextField } from '../../../components/ui/form-text-field';
import { ResourceCard } from '../../../components/ui/resource-card';
import { EmptyState } from '../../../components/ui/states';
import { formatDate } from '../../../lib/format';
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
  return (
    <ResourceCard
      title="Profile templates"
      subheader="What each sync checks a feed against: its columns, their types, the required cells."
      noun="template"
      query={useProfileTemplates()}
      items={(list) => list}
      pending="Loading templates…"
      error="The templates could not be loaded."
      empty={() => <EmptyState title="No templates yet." />}
      columns={[
        { header: 'Name', cell: (template) => template.name },
        {
          header: 'Columns',
          cell: columnsText,
          title: (template) => template.columns.map((column) => column.name).join(', '),
        },
        { header: 'Updated', cell: (template) => formatDate(template.updated_at) },
      ]}
      form={{
        schema: ProfileTemplateWriteSchema,
        values: templateFormValues,
        useCreate: profileTemplatesApi.useCreate,
        useUpdate: profileTemplatesApi.useUpdate,
        maxWidth: 'md',
        children: ({ control, formState }) => (
          <>
            <FormTextField control={control} name="name" label="Name" required autoFocus />
            <TemplateColumnsEditor control={control} errors={formState.errors} />
          </>
        ),
      }}
      remove={profileTemplatesApi.useRemove()}
      deleteMessage={(template) =>
        `"${template.name}" will be deleted. Profiles that use it keep it until they choose another; while any does, it cannot be deleted.`
      }
    />
  );
}

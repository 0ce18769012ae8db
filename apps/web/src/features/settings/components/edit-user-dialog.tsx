import {
  isAdmin,
  PERMISSIONS,
  type Permission,
  type TeamMember,
  type TeamMemberUpdate,
  type TeamMemberUpdateInput,
  TeamMemberUpdateSchema,
} from '@adstudio/contract';
import { usersApi } from '../../../api/users';
import { DialogFormBody, TitledDialog } from '../../../components/ui/form-dialog';
import { FormTextField } from '../../../components/ui/form-text-field';
import { showAlert } from '../../../lib/alert';
import { useSchemaForm } from '../../../lib/schema-form';
import { AccessFields } from './access-fields';

/** The form's values of a user: an admin keeps no permissions beside the role. */
const valuesOf = (member: TeamMember): TeamMemberUpdateInput => ({
  name: member.name,
  roles: isAdmin(member) ? ['admin'] : [],
  permissions: isAdmin(member)
    ? []
    : PERMISSIONS.filter((permission: Permission) => member.permissions.includes(permission)),
});

function EditForm({
  titleId,
  member,
  onClose,
}: {
  titleId: string;
  member: TeamMember;
  onClose: () => void;
}) {
  const form = useSchemaForm(TeamMemberUpdateSchema, valuesOf(member));
  const update = usersApi.useUpdate();
  const submit = (body: TeamMemberUpdate) =>
    update.mutateAsync({ id: member.id, body }).then((saved) => {
      showAlert({ status: 200, data: { message: `${saved.name} saved.` } });
      onClose();
    });
  return (
    <DialogFormBody
      form={form}
      titleId={titleId}
      title={`Edit ${member.name}`}
      onSubmit={submit}
      onClose={onClose}
      submitLabel="Save user"
    >
      <FormTextField
        control={form.control}
        name="name"
        label="Name"
        required
        autoFocus
        autoComplete="off"
        hint={`Signs in as ${member.email}.`}
      />
      <AccessFields control={form.control} />
    </DialogFormBody>
  );
}

/** Changes a user's name, role or permissions; their next request sees the change. */
export function EditUserDialog({ member, onClose }: { member: TeamMember | null; onClose: () => void }) {
  return (
    <TitledDialog open={member !== null} onClose={onClose}>
      {(titleId) => (member ? <EditForm titleId={titleId} member={member} onClose={onClose} /> : null)}
    </TitledDialog>
  );
}

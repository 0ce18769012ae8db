import type { User } from '@adstudio/contract';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import { FormTextField } from '../../../components/ui/form-text-field';
import { PageForm } from '../../../components/ui/page-form';
import { showAlert } from '../../../lib/alert';
import { useSchemaForm } from '../../../lib/schema-form';
import { type ProfileForm, ProfileFormSchema, useUpdateUser } from '../api/update-user';

/** The form's values of a user: the password only when the email changes. */
const valuesOf = (user: User): ProfileForm => ({
  name: user.name,
  email: user.email,
  avatar: user.avatar ?? '',
  current_password: '',
});

export function ProfileFormCard({ user }: { user: User }) {
  const update = useUpdateUser();
  const form = useSchemaForm(ProfileFormSchema, valuesOf(user));
  const { control, formState, watch } = form;
  const avatar = watch('avatar');
  const emailChanged = watch('email').trim().toLowerCase() !== user.email;
  const submit = (values: ProfileForm) =>
    update.mutateAsync(values).then((saved) => {
      form.reset(valuesOf(saved));
      showAlert({ status: 200, data: { message: 'Your profile was saved.' } });
    });

  return (
    <PageForm
      form={form}
      label="Profile"
      onSubmit={submit}
      submitLabel="Save profile"
      busyLabel="Saving…"
      disabledReason={formState.isDirty ? null : 'Nothing to save: change a field first.'}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Avatar src={avatar || undefined} alt="" sx={{ width: 56, height: 56 }} />
        <FormTextField
          control={control}
          name="avatar"
          label="Avatar URL"
          fullWidth
          hint={'Optional: an https link to a square image.'}
        />
      </Box>
      <FormTextField control={control} name="name" label="Name" required autoComplete="name" />
      <FormTextField
        control={control}
        name="email"
        label="Email"
        type="email"
        required
        autoComplete="email"
      />
      {emailChanged && (
        <FormTextField
          control={control}
          name="current_password"
          label="Current password"
          type="password"
          required
          autoComplete="current-password"
          hint="Needed to change the email you sign in with."
        />
      )}
    </PageForm>
  );
}

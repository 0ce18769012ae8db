import type { User } from '@adstudio/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useForm } from 'react-hook-form';
import { DisabledReason } from '../../../components/ui/disabled-reason';
import { FormTextField } from '../../../components/ui/form-text-field';
import { showAlert } from '../../../lib/alert';
import { applyServerErrors } from '../../../lib/form-errors';
import { type ProfileForm, ProfileFormSchema, useUpdateUser } from '../api/update-user';

export function ProfileFormCard({ user }: { user: User }) {
  const update = useUpdateUser();
  const form = useForm<ProfileForm>({
    resolver: zodResolver(ProfileFormSchema),
    defaultValues: { name: user.name, email: user.email, avatar: user.avatar ?? '', current_password: '' },
  });
  const { control, handleSubmit, formState, setError, reset, watch } = form;
  const avatar = watch('avatar');
  const emailChanged = watch('email').trim().toLowerCase() !== user.email;

  const onSubmit = handleSubmit((values) =>
    update.mutateAsync(values).then(
      (saved) => {
        reset({ name: saved.name, email: saved.email, avatar: saved.avatar ?? '', current_password: '' });
        showAlert({ status: 200, data: { message: 'Your profile was saved.' } });
      },
      (error) => applyServerErrors(error, setError, ['name', 'email', 'avatar', 'current_password']),
    ),
  );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label="Profile"
      sx={{ display: 'grid', gap: 2 }}
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
      <Box>
        <DisabledReason reason={formState.isDirty ? null : 'Nothing to save: change a field first.'}>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting || !formState.isDirty}>
            {formState.isSubmitting ? 'Saving…' : 'Save profile'}
          </Button>
        </DisabledReason>
      </Box>
    </Box>
  );
}

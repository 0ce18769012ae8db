import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { showAlert } from '../../../lib/alert';
import { applyServerErrors } from '../../../lib/form-errors';
import {
  PASSWORD_MIN_LENGTH,
  type PasswordForm,
  PasswordFormSchema,
  useUpdatePassword,
} from '../api/update-password';

const EMPTY: PasswordForm = { current_password: '', password: '', password_confirmation: '' };

export function PasswordFormCard() {
  const update = useUpdatePassword();
  const { register, handleSubmit, formState, setError, reset } = useForm<PasswordForm>({
    resolver: zodResolver(PasswordFormSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit((values) =>
    update.mutateAsync(values).then(
      () => {
        reset(EMPTY);
        showAlert({ status: 200, data: { message: 'Your password was changed.' } });
      },
      (error) =>
        applyServerErrors(error, setError, ['current_password', 'password', 'password_confirmation']),
    ),
  );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label="Change password"
      sx={{ display: 'grid', gap: 2 }}
    >
      <TextField
        label="Current password"
        type="password"
        required
        autoComplete="current-password"
        {...register('current_password')}
        error={Boolean(formState.errors.current_password)}
        helperText={formState.errors.current_password?.message}
      />
      <TextField
        label="New password"
        type="password"
        required
        autoComplete="new-password"
        {...register('password')}
        error={Boolean(formState.errors.password)}
        helperText={formState.errors.password?.message ?? `At least ${PASSWORD_MIN_LENGTH} characters.`}
      />
      <TextField
        label="Confirm new password"
        type="password"
        required
        autoComplete="new-password"
        {...register('password_confirmation')}
        error={Boolean(formState.errors.password_confirmation)}
        helperText={formState.errors.password_confirmation?.message}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Changing…' : 'Change password'}
        </Button>
      </Box>
    </Box>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { Controller, useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/ui/form-text-field';
import { showAlert } from '../../../lib/alert';
import { applyServerErrors } from '../../../lib/form-errors';
import {
  PASSWORD_MIN_LENGTH,
  type PasswordForm,
  PasswordFormSchema,
  useUpdatePassword,
} from '../api/update-password';

const EMPTY: PasswordForm = {
  current_password: '',
  password: '',
  password_confirmation: '',
  revoke_tokens: false,
};

export function PasswordFormCard() {
  const update = useUpdatePassword();
  const { control, handleSubmit, formState, setError, reset } = useForm<PasswordForm>({
    resolver: zodResolver(PasswordFormSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit((values) =>
    update.mutateAsync(values).then(
      () => {
        reset(EMPTY);
        const message = values.revoke_tokens
          ? 'Your password was changed and your API tokens were revoked.'
          : 'Your password was changed.';
        showAlert({ status: 200, data: { message } });
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
      <FormTextField
        control={control}
        name="current_password"
        label="Current password"
        type="password"
        required
        autoComplete="current-password"
      />
      <FormTextField
        control={control}
        name="password"
        label="New password"
        type="password"
        required
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      />
      <FormTextField
        control={control}
        name="password_confirmation"
        label="Confirm new password"
        type="password"
        required
        autoComplete="new-password"
      />
      <Controller
        control={control}
        name="revoke_tokens"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Checkbox
                checked={field.value === true}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
              />
            }
            label="Also revoke all my API tokens (they keep working after a password change otherwise)"
          />
        )}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Changing…' : 'Change password'}
        </Button>
      </Box>
    </Box>
  );
}
